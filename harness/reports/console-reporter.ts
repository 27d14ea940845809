import type { RuleResult, RunResult } from '../model/index.js';
import { staleEntries, standingOf, summarize, verdictLine } from '../verdict/gate.js';
import { describeFailure } from './describe-failure.js';
import { type CauseGroup, causeCount, causesOf, sectionsOf } from './report-sections.js';
import type { Reporter } from './reporter.js';
import { runsWords } from './runs-words.js';
import { MARK } from './standing-words.js';

export interface ConsoleOptions {
  /** List passed rules too (and, for recorded traffic, the rules it gave nothing to judge). */
  verbose?: boolean;
  /** No line per rule while the run goes on: only the account at the end. */
  quiet?: boolean;
  /** SHOULD failures are failures (`--strict`). */
  strict?: boolean;
  /**
   * Judging recorded traffic (`check`): most rules find no exchange of theirs in any one recording, so skipped
   * rules are counted rather than listed, and the verdict line names no seed (the first line does; it decides nothing there).
   */
  traffic?: boolean;
}

/** A line per rule as it ends, then each failure in full and the verdict line. */
export function consoleReporter(write: (text: string) => void, options: ConsoleOptions = {}): Reporter {
  const gate = { strict: options.strict };
  const hidden = (r: RuleResult) =>
    options.quiet || ((r.verdict === 'passed' || (r.verdict === 'skipped' && options.traffic)) && !options.verbose);
  return {
    onRuleEnd(r) {
      if (hidden(r)) return;
      const standing = standingOf(r, gate);
      const why = standing === 'known' ? `known: ${r.known}` : (r.reason ?? (r.runsCapped ? runsWords(r) : undefined));
      write(`${MARK[standing]} ${r.rule}${why ? `: ${why}` : ''}\n`);
    },
    onRunEnd(result: RunResult) {
      const strict = { strict: result.gate?.strict };
      const unsettled = result.results.filter((x) => ['failed', 'error'].includes(standingOf(x, strict)));
      writeCauses(write, causesOf(unsettled), strict, options.quiet ?? false);
      for (const entry of staleEntries(result)) {
        const excuse = result.gate?.allowStale ? ' (allowed by --allow-stale)' : '; drop it from the baseline';
        write(`\nSTALE baseline entry ${entry.rule} (expected ${entry.verdict}): its rule${entry.ran > 1 ? 's' : ''} passed${excuse}\n`);
      }
      const capped = result.results.filter((r) => r.runsCapped).length;
      if (capped) write(`\n${capped} rule(s) ran fewer property runs than asked: their max_runs (--verbose lists them and why; so do the reports)\n`);
      const limited = result.results.filter((r) => r.rateLimited);
      if (limited.length) {
        const waits = limited.reduce((n, r) => n + r.rateLimited!.waits, 0);
        const ms = limited.reduce((n, r) => n + r.rateLimited!.waitedMs, 0);
        write(`\nrate limits: ${waits} request(s) of ${limited.length} rule(s) waited ${(ms / 1000).toFixed(1)} s in all and were sent again (each rule's rateLimited in report.json)\n`);
      }
      if (!options.traffic) {
        writeSkipped(write, sectionsOf(result).skippedByCause);
        write(`\n${verdictLine(result)} (seed ${result.seed})\n`);
        return;
      }
      const s = summarize(result.results, strict);
      const unlisted = options.verbose || s.skipped === 0 ? '' : ' (why the skipped were not judged: above; --verbose lists them)';
      write(`\n${verdictLine(result)}${unlisted}\n`);
    },
  };
}

/**
 * The failed and unjudged rules by cause: the causes first, one line each (also under `--quiet`, the CI mode: they
 * are what a log is read for), then under each cause the first rule in full and the others in a line with their
 * replay command (the cause is the same; its account would be too). Why a rule could not be judged opens its
 * account; under `--quiet`, which printed no line per rule as it ended, it follows each of the others too.
 */
function writeCauses(write: (text: string) => void, groups: CauseGroup[], strict: { strict?: boolean | undefined }, quiet: boolean): void {
  if (groups.length > 0) {
    const rules = groups.reduce((n, group) => n + group.rules.length, 0);
    write(`\n${groups.length} cause${groups.length === 1 ? '' : 's'} of ${rules} failed or unjudged rule${rules === 1 ? '' : 's'}:\n`);
    for (const group of groups) write(`  ${causeCount(group)}: ${group.cause.title}\n`);
  }
  for (const group of groups) {
    const [first, ...others] = group.rules;
    if (others.length > 0) write(`\n══ ${causeCount(group)}: ${group.cause.title}\n`);
    const why = first!.verdict === 'error' ? `could not judge: ${first!.reason ?? 'no reason given'}\n` : '';
    write(`\n── ${first!.rule} [${first!.strength}] ${standingOf(first!, strict).toUpperCase()}: ${first!.title}\n${indent(why + describeFailure(first!))}\n`);
    if (others.length > 0) write(`\n   the same cause (each replays alone):\n`);
    for (const r of others) {
      write(`   ${standingOf(r, strict).toUpperCase()} ${r.rule}: ${r.replay}\n`);
      if (quiet && r.verdict === 'error') write(`      could not judge: ${r.reason ?? 'no reason given'}\n`);
    }
  }
}

/** Causes listed on the console; summary.md and report.html list every one. */
const SKIP_CAUSES_SHOWN = 8;

/**
 * The skipped rules counted by cause, largest first: against a partial target most of a run is skipped, and a line
 * per rule hides the two or three things the profile lacks.
 */
function writeSkipped(write: (text: string) => void, byCause: { cause: string; rules: RuleResult[] }[]): void {
  if (byCause.length === 0) return;
  const total = byCause.reduce((n, group) => n + group.rules.length, 0);
  write(`\n${total} rule${total === 1 ? '' : 's'} skipped, by cause:\n`);
  for (const { cause, rules } of byCause.slice(0, SKIP_CAUSES_SHOWN)) write(`  ${String(rules.length).padStart(4)}  ${cause}\n`);
  const more = byCause.length - SKIP_CAUSES_SHOWN;
  if (more > 0) write(`  and ${more} more cause${more === 1 ? '' : 's'} (summary.md lists every one)\n`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');
}
