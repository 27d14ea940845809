import { fixedSteps, type Rule } from '../suite/suite.js';
import { ruleAsRun } from './alternatives.js';
import { setupProblemFor } from '../preflight/rule-needs.js';
import { missingInRun, needsOf } from './needs.js';
import type { RunContext } from './run-context.js';

/**
 * How a rule stands before it starts: skipped (no alternative of a `one_of` step can run, or a need is missing), or
 * the rule as this run takes it, with the preflight problem that makes it `error` if there is one.
 */
export type RuleStart =
  | { skipped: string }
  | { rule: Rule; detours: string[]; setup?: { field: string; problem: string } };

/** One reading for the run (`runRule`) and its forecast (`graphcheck doctor`), so the two never disagree. */
export function ruleAtStart(declared: Rule, ctx: RunContext): RuleStart {
  const asRun = ruleAsRun(declared, ctx);
  if ('skipped' in asRun) {
    // Every missing need at once: what the steps that always run lack, beside the `one_of` step none can take.
    const fixed = missingInRun({ ...declared, steps: fixedSteps(declared) }, ctx);
    return { skipped: fixed ? `${fixed}; ${asRun.skipped}` : asRun.skipped };
  }
  const missing = missingInRun(asRun.rule, ctx);
  if (missing) return { skipped: missing };
  const setup = ctx.target && setupProblemFor(needsOf(asRun.rule), ctx.target.setupProblems);
  return setup ? { ...asRun, setup } : asRun;
}
