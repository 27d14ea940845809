import fc from 'fast-check';
import { recordArbitrary } from '../generators/arbitrary-from-spec.js';
import type { RuleResult, Verdict } from '../model/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import type { Scope } from '../suite/template.js';
import { ruleAsRun } from './alternatives.js';
import { missingInRun, setupProblemFor } from './needs.js';
import type { RunContext } from './run-context.js';
import { propertyRuns } from './property-runs.js';
import { type RunOutcome, runOnce } from './run-once.js';
import { ruleSeed } from './rule-seed.js';
import { baseScope } from './scope.js';
import { preflightCause } from '../verdict/cause.js';
import { ruleResult, verdictOf } from '../verdict/rule-result.js';

/** Long shrinking against a slow target stops here; the smallest failure found so far is reported. */
const PROPERTY_TIME_LIMIT_MS = 120_000;

/**
 * Runs one rule to a verdict: skipped (a need is missing), error (could not judge), failed or passed. The rule runs
 * as this run takes it: each `one_of` step as the alternative the target and profile allow.
 */
export async function runRule(declared: Rule, suite: Suite, ctx: RunContext): Promise<RuleResult> {
  const started = Date.now();
  const seed = ruleSeed(ctx.seed, declared.id);
  const result = (verdict: Verdict, extra: Partial<RuleResult> = {}): RuleResult =>
    ruleResult(declared, suite, { replay: ctx.replayCommand(declared.id), durationMs: Date.now() - started }, verdict, extra);
  const asRun = ruleAsRun(declared, ctx);
  if ('skipped' in asRun) return result('skipped', { reason: asRun.skipped });
  const { rule } = asRun;
  const missing = missingInRun(rule, ctx);
  if (missing) return result('skipped', { reason: missing });
  const setup = ctx.target && setupProblemFor(rule, ctx.target.setupProblems);
  if (setup) return result('error', { reason: `setup: ${setup.problem}`, cause: preflightCause(setup.field, setup.problem) });
  try {
    if (rule.reset !== 'never' && ctx.target?.control.has('reset')) await ctx.target.control.reset();
  } catch (error) {
    return result('error', { reason: (error as Error).message });
  }
  const base = baseScope(ctx);
  if (!rule.given) {
    const outcome = await runOnce(rule, {}, withUnique(base, seed, 1), ctx);
    return fromOutcome(outcome, (v, e) => result(v, { judged: outcome.judged, ...e }));
  }
  return runProperty(rule, seed, base, ctx, result);
}

/**
 * `{{unique}}`: a name part no other execution of the rule's steps shares (the rule's seed and the execution's
 * number), for objects a target may refuse to create twice: a second property run, or a second run of the suite
 * against a target without `reset`. The same seed gives the same names, so replays and offline repeats match.
 * `unique_number` is the same as a whole number.
 */
function withUnique(base: Scope, seed: number, execution: number): Scope {
  // `unique_number`: the same as a whole number, where a value must be an integer (a webhook `hub.challenge`).
  return { ...base, unique: `${seed.toString(36)}_${execution}`, unique_number: seed * 1000 + (execution % 1000) };
}

async function runProperty(
  rule: Rule,
  seed: number,
  base: Scope,
  ctx: RunContext,
  result: (verdict: Verdict, extra?: Partial<RuleResult>) => RuleResult,
): Promise<RuleResult> {
  const outcomes = new Map<string, RunOutcome>();
  let cannotJudge: RunOutcome | undefined;
  let arbitrary: ReturnType<typeof recordArbitrary>;
  try {
    arbitrary = recordArbitrary(rule.given!, base);
  } catch (error) {
    // A generator over a list the profile leaves empty, say: nothing to generate from is not a verdict.
    return result('error', { reason: `setup: cannot generate the rule's values: ${(error as Error).message}` });
  }
  let executions = 0;
  let judged = 0;
  const property = fc.asyncProperty(arbitrary, async (given) => {
    if (cannotJudge) return true;
    const scope = withUnique(base, seed, ++executions);
    const outcome = await runOnce(rule, given, scope, ctx, rule.reset === 'each-run');
    // Only a failing run can be the counterexample: holding every run's evidence (a 10 MB upload each) till the
    // rule ends cost memory and collection time for nothing.
    if (outcome.findings.length > 0) outcomes.set(keyOf(given), outcome);
    judged += outcome.judged;
    if (outcome.cannotJudge) {
      cannotJudge = outcome;
      return true;
    }
    return outcome.findings.length === 0;
  });
  const { runs, capped } = propertyRuns(rule, ctx);
  const details = await fc.check(property, { seed, numRuns: runs, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS });
  const extra = { runs: details.numRuns, judged, ...(capped ? { runsCapped: capped } : {}) };
  if (cannotJudge) return fromOutcome(cannotJudge, (v, e) => result(v, { ...extra, ...e }));
  if (!details.failed) return result('passed', extra);
  const counterexample = details.counterexample?.[0] as Record<string, unknown> | undefined;
  const outcome = counterexample ? outcomes.get(keyOf(counterexample)) : undefined;
  if (!outcome) return result('error', { ...extra, reason: `property errored: ${String(details.errorInstance)}` });
  return fromOutcome(outcome, (v, e) => result(v, { ...extra, counterexample, ...e }));
}

function fromOutcome(
  outcome: RunOutcome,
  result: (verdict: Verdict, extra?: Partial<RuleResult>) => RuleResult,
): RuleResult {
  const { verdict, ...extra } = verdictOf(outcome, 'error');
  return result(verdict, extra);
}

function keyOf(value: unknown): string {
  return JSON.stringify(value);
}
