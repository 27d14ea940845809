import type { BaselineOutcome, RuleResult, RunResult, RunSummary } from '../model/index.js';

/**
 * How a rule's verdict weighs on the run, the one reading every command and report shares:
 * - `known`: the baseline expects exactly this verdict of the rule (it does not gate);
 * - `warned`: a SHOULD rule failed (a warning, unless `--strict`);
 * - otherwise the verdict itself.
 */
export type Standing = 'passed' | 'failed' | 'warned' | 'skipped' | 'error' | 'known';

export interface GateOptions {
  /** SHOULD failures count as failures. */
  strict?: boolean;
}

export function standingOf(r: RuleResult, options: GateOptions = {}): Standing {
  if (r.known !== undefined && r.verdict !== 'passed') return 'known';
  if (r.verdict === 'failed' && r.strength === 'SHOULD' && !options.strict) return 'warned';
  return r.verdict;
}

/** The counts of a run, by standing. */
export function summarize(results: RuleResult[], options: GateOptions = {}): RunSummary {
  const summary: RunSummary = { passed: 0, failed: 0, warned: 0, skipped: 0, error: 0, known: 0 };
  for (const r of results) summary[standingOf(r, options)]++;
  return summary;
}

/** Baseline entries whose rules ran and all passed: the failure they expected is gone. */
export function staleEntries(result: RunResult): BaselineOutcome[] {
  const entries = result.gate?.baseline?.entries ?? [];
  return entries.filter((e) => e.ran > 0 && e.passed === e.ran);
}

/**
 * A run in which no rule was judged at all (every rule skipped or known, or none selected): green would say the
 * target does what the spec says when nothing showed it (a selected area the target does not serve, a profile
 * with no token a rule needs).
 */
export function judgedNothing(summary: RunSummary): boolean {
  return summary.passed === 0 && summary.failed === 0 && summary.warned === 0 && summary.error === 0;
}

/**
 * The exit code of a run, in this order: 1 when a rule failed (a MUST rule, or a SHOULD rule under `--strict`)
 * or a baseline entry is stale (unless `--allow-stale`); else 3 when a rule could not be judged, or when no rule
 * was judged at all; else 0. A proven failure outranks an unjudged rule: the target is known to be wrong whatever
 * the others would show. (Exit 2, a user mistake, ends a command before any result exists.)
 */
export function exitCodeFor(result: RunResult): 0 | 1 | 3 {
  const summary = summarize(result.results, { strict: result.gate?.strict });
  const stale = result.gate?.allowStale ? [] : staleEntries(result);
  if (summary.failed > 0 || stale.length > 0) return 1;
  if (summary.error > 0 || judgedNothing(summary)) return 3;
  return 0;
}

/** The run's verdict in one line, the same words in console, Markdown and HTML. */
export function verdictLine(result: RunResult): string {
  const s = summarize(result.results, { strict: result.gate?.strict });
  const stale = staleEntries(result);
  const code = exitCodeFor(result);
  const head =
    code === 1 ? 'FAILED' : judgedNothing(s) ? 'NOTHING JUDGED' : code === 3 ? 'COULD NOT JUDGE' : s.warned > 0 ? 'PASSED WITH WARNINGS' : 'PASSED';
  const parts = [
    `${s.passed} passed`,
    `${s.failed} failed`,
    `${s.warned} warned`,
    `${s.skipped} skipped`,
    `${s.error} error`,
    ...(s.known ? [`${s.known} known`] : []),
    ...(stale.length ? [`${stale.length} stale baseline entr${stale.length === 1 ? 'y' : 'ies'}`] : []),
  ];
  return `${head}: ${parts.join(', ')}`;
}
