import type { RuleResult } from '../model/index.js';

/**
 * The property runs a rule used, and when its `max_runs:` ceiling cut what `--runs` (or the default) asked for,
 * "capped at N: <reason>". Undefined for a rule that ran once (no `given:`) or never ran.
 */
export function runsWords(r: RuleResult): string | undefined {
  if (r.runs === undefined) return undefined;
  if (!r.runsCapped) return `property runs: ${r.runs}`;
  const { at, asked, reason } = r.runsCapped;
  return `property runs: ${r.runs} of ${asked} asked, capped at ${at}: ${reason}`;
}
