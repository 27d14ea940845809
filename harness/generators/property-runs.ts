import type { RunsCap } from '../model/index.js';
import type { Rule } from '../suite/suite.js';

/** The property runs a rule gets, and the ceiling that cut them when it did. */
export interface PropertyRuns {
  runs: number;
  capped?: RunsCap;
}

/**
 * Effective runs = max(min(max(rule.runs ?? default, floor), max_runs), cover). The rule's own `runs:` is its
 * default, an explicit `--runs N` raises every property rule to at least N (a nightly job goes deep), and the rule's
 * `max_runs:` is a ceiling the floor respects where more runs judge nothing new; load-suite guarantees the
 * ceiling is never below the rule's own `runs:`. `cover` is what its choices need so that each of their values is
 * drawn on every seed (`generators/branch-cover.ts`): no ceiling goes below it.
 */
export function propertyRuns(rule: Rule, run: { runs: number; runsFloor?: number }, cover = 0): PropertyRuns {
  const asked = Math.max(rule.runs ?? run.runs, run.runsFloor ?? 0);
  if (rule.max_runs === undefined || asked <= rule.max_runs) return { runs: Math.max(asked, cover) };
  if (cover >= asked) return { runs: cover };
  const at = Math.max(rule.max_runs, cover);
  return { runs: at, capped: { at, asked, reason: rule.max_runs_reason ?? '' } };
}
