import { stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { UserInputError } from '../errors.js';
import type { BaselineOutcome, RuleResult, Verdict } from '../model/index.js';
import { writeAtomically } from '../files/write-atomically.js';
import { matchesRule } from '../suite/select-rules.js';
import { readYamlFile } from './read-yaml-file.js';

/** One expected verdict: a rule id or glob, the verdict expected of it for now, and why. */
export interface BaselineEntry {
  rule: string;
  verdict: Exclude<Verdict, 'passed'>;
  reason: string;
}

/** Reads a baseline file; an entry that names no rule of the suites is a user error (a typo must not hide). */
export async function loadBaseline(file: string, ruleIds: string[]): Promise<BaselineEntry[]> {
  const { value, lineOf } = await readYamlFile(file, 'baseline', 'baseline');
  const entries = (value as { known: BaselineEntry[] }).known;
  entries.forEach((entry, i) => {
    if (!ruleIds.some((id) => matchesRule(entry.rule, id))) {
      const line = lineOf(`/known/${i}/rule`) ?? 1;
      throw new UserInputError('CONFIG_INVALID', `${file}:${line}: ${entry.rule} matches no rule; fix or drop the entry (graphcheck list shows the rule ids)`);
    }
  });
  return entries;
}

/** The first entry that names the rule decides; exact ids before globs, so a glob can be refined. */
function entryFor(entries: BaselineEntry[], id: string): BaselineEntry | undefined {
  return entries.find((e) => e.rule === id) ?? entries.find((e) => matchesRule(e.rule, id));
}

/**
 * Marks each result the baseline expects (`known`, with the entry's reason) as rules end, and counts, per entry,
 * the rules it matched that ran and how many of them passed: an entry whose rules all passed is stale.
 */
export function baselineMarker(entries: BaselineEntry[]) {
  const outcomes: BaselineOutcome[] = entries.map((e) => ({ ...e, ran: 0, passed: 0 }));
  return {
    mark(r: RuleResult): RuleResult {
      const entry = entryFor(entries, r.rule);
      if (!entry) return r;
      const outcome = outcomes[entries.indexOf(entry)]!;
      outcome.ran++;
      if (r.verdict === 'passed') outcome.passed++;
      return r.verdict === entry.verdict ? { ...r, known: entry.reason } : r;
    },
    outcomes: () => outcomes,
  };
}

/** Before a run spends any time: `--update-baseline` will be able to write `file` (its folder is there, it is no folder). */
export async function assertBaselineWritable(file: string): Promise<void> {
  const [self, folder] = await Promise.all([stat(file).catch(() => undefined), stat(dirname(file)).catch(() => undefined)]);
  if (self?.isDirectory() || !folder?.isDirectory()) {
    const why = self?.isDirectory() ? 'is a folder' : `${dirname(file)} is not a folder`;
    throw new UserInputError('USAGE', `${file}: ${why}: give --baseline a file path you can write`);
  }
}

/** `--update-baseline`: the run's failures and errors, each with its reason, as a baseline file. */
export async function writeBaseline(file: string, results: RuleResult[], header: string): Promise<BaselineEntry[]> {
  const known: BaselineEntry[] = results
    .filter((r): r is RuleResult & { verdict: 'failed' | 'error' } => r.verdict === 'failed' || r.verdict === 'error')
    .map((r) => ({ rule: r.rule, verdict: r.verdict, reason: oneLine(r.reason ?? r.verdict) }));
  const text = `# ${header}\n# Each entry: a rule id or glob, the verdict expected for now, and why. A listed rule that passes makes\n# the run fail as stale (unless --allow-stale): drop its entry then.\n${stringify({ known }, { lineWidth: 0 })}`;
  await writeAtomically(file, 'the baseline', (temp) => writeFile(temp, text)).catch((error: unknown) => {
    // The atomic writer names --out, its usual flag; here the path came from --baseline.
    if (!(error instanceof UserInputError)) throw error;
    throw new UserInputError('USAGE', `${error.message.replace(/: (give a file name for|choose another) --out$/, '')}: give --baseline a file path you can write`);
  });
  return known;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
