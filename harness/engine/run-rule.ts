import fc from 'fast-check';
import { recordArbitrary } from '../generators/arbitrary-from-spec.js';
import { branchesOf, branchExamples, type Branch, coverageRuns } from '../generators/branch-cover.js';
import type { RuleResult, Verdict } from '../model/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import type { Scope } from '../suite/template.js';
import { ruleAtStart } from './rule-start.js';
import type { RunContext } from './run-context.js';
import { propertyRuns } from '../generators/property-runs.js';
import { addWaits, type RateLimitTotal, type RunOutcome, runOnce } from './run-once.js';
import { ruleSeed } from '../generators/rule-seed.js';
import { baseScope, withUnique } from './scope.js';
import { runSequenceRule } from './run-sequence-rule.js';
import { preflightCause } from '../verdict/cause.js';
import { ruleResult, verdictOf } from '../verdict/rule-result.js';
import { exclusivityOf } from './exclusivity.js';
import { prefetchRuns } from './prefetch-runs.js';
import type { Slots } from './slots.js';

/** Where a rule runs in a run of many (`schedule-rules.ts`); a rule run by itself needs none of it. */
export interface RuleLane {
  /** Why the rule cannot start (the reset that puts the target back after a rule that ran alone failed). */
  setupProblem?: string;
  /** The rule runs in a session opened for it (contract §2.1): it starts from the fixtures, no reset needed. */
  fresh?: boolean;
}

/** Long shrinking against a slow target stops here; the smallest failure found so far is reported. */
const PROPERTY_TIME_LIMIT_MS = 120_000;

/**
 * Runs one rule to a verdict: skipped (a need is missing), error (could not judge), failed or passed. The rule runs
 * as this run takes it: each `one_of` step as the alternative the target and profile allow.
 */
export async function runRule(declared: Rule, suite: Suite, ctx: RunContext, lane: RuleLane = {}): Promise<RuleResult> {
  const started = Date.now();
  const seed = ruleSeed(ctx.seed, declared.id);
  const result = (verdict: Verdict, extra: Partial<RuleResult> = {}): RuleResult =>
    ruleResult(declared, suite, { replay: ctx.replayCommand(declared.id), durationMs: Date.now() - started }, verdict, extra);
  const start = ruleAtStart(declared, ctx);
  if ('skipped' in start) return result('skipped', { reason: start.skipped });
  if (lane.setupProblem) return result('error', { reason: `setup: ${lane.setupProblem}` });
  const { rule, setup } = start;
  if (setup) return result('error', { reason: `setup: ${setup.problem}`, cause: preflightCause(setup.field, setup.problem) });
  // The declared rule's, as the scheduler placed it: whichever alternative this run takes.
  const { reset, alone } = exclusivityOf(declared);
  try {
    if (reset === 'rule' && !lane.fresh && ctx.target?.control.has('reset')) await ctx.target.control.reset();
  } catch (error) {
    return result('error', { reason: (error as Error).message });
  }
  const base = baseScope(ctx);
  if (rule.sequence) return runSequenceRule(rule, seed, base, ctx, result, PROPERTY_TIME_LIMIT_MS);
  if (!rule.given) {
    const outcome = await runOnce(rule, {}, withUnique(base, seed, 1), ctx);
    const rateLimited = outcome.rateLimited ? { rateLimited: outcome.rateLimited } : {};
    return fromOutcome(outcome, (v, e) => result(v, { judged: outcome.judged, ...rateLimited, ...e }));
  }
  return runProperty(rule, seed, base, ctx, result, !alone);
}

async function runProperty(
  rule: Rule,
  seed: number,
  base: Scope,
  ctx: RunContext,
  result: (verdict: Verdict, extra?: Partial<RuleResult>) => RuleResult,
  /** A shared rule: its generated runs are executed ahead, side by side in the run's free slots (`prefetchRuns`). */
  shared: boolean,
): Promise<RuleResult> {
  const outcomes = new Map<string, RunOutcome>();
  let cannotJudge: RunOutcome | undefined;
  let arbitrary: ReturnType<typeof recordArbitrary>;
  let branches: Branch[];
  try {
    arbitrary = recordArbitrary(rule.given!, base);
    branches = branchesOf(rule.given!, base);
  } catch (error) {
    // A generator over a list the profile leaves empty, say: nothing to generate from is not a verdict.
    return result('error', { reason: `setup: cannot generate the rule's values: ${(error as Error).message}` });
  }
  let judged = 0;
  let rateLimited: RateLimitTotal | undefined;
  const { runs, capped } = propertyRuns(rule, ctx, coverageRuns(branches));
  // The first runs try every value of the rule's choices (Include Values on and off, each token kind), then random.
  const examples = branchExamples(arbitrary, branches, seed, runs);
  const ran = shared ? await runAhead(arbitrary, { seed, runs, examples }, (given, i) => runOnce(rule, given, withUnique(base, seed, i + 1), ctx), ctx.slots) : undefined;
  // Executions fast-check asks for itself (all of them, or the shrinking after runs made ahead) number on from there.
  let executions = ran?.length ?? 0;
  let drawn = 0;
  let shrinking = false;
  let calls = 0;
  const property = fc.asyncProperty(arbitrary, async (given) => {
    // After a run that could not judge, the first runs still try the rest of their choices' values (a failure on
    // another branch outweighs it); the random draws after them stop.
    const branchRun = !shrinking && calls++ < examples.length;
    if (cannotJudge && !branchRun) return true;
    const ahead = shrinking ? undefined : ran?.[drawn++];
    const outcome = ahead ?? (await runOnce(rule, given, withUnique(base, seed, ++executions), ctx, rule.reset === 'each-run'));
    // Only a failing run can be the counterexample: holding every run's evidence (a 10 MB upload each) till the
    // rule ends cost memory and collection time for nothing.
    if (outcome.findings.length > 0) outcomes.set(keyOf(given), outcome);
    judged += outcome.judged;
    rateLimited = addWaits(rateLimited, outcome.rateLimited);
    if (outcome.cannotJudge) {
      cannotJudge ??= outcome;
      return true;
    }
    shrinking ||= outcome.findings.length > 0;
    return outcome.findings.length === 0;
  });
  const details = await fc.check(property, { seed, numRuns: runs, examples: examples.map((e) => [e] as [Record<string, unknown>]), interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS });
  const extra = { runs: details.numRuns, judged, ...(capped ? { runsCapped: capped } : {}), ...(rateLimited ? { rateLimited } : {}) };
  // A run that failed outweighs one that could not judge after it (a shrinking run whose data fell short, R53, or
  // whose request went unanswered): the finding stands, and a faulty target does not hide behind `skipped`.
  if (cannotJudge && !details.failed) return fromOutcome(cannotJudge, (v, e) => result(v, { ...extra, ...e }));
  if (!details.failed) return result('passed', extra);
  const counterexample = details.counterexample?.[0] as Record<string, unknown> | undefined;
  const outcome = counterexample ? outcomes.get(keyOf(counterexample)) : undefined;
  if (!outcome) return result('error', { ...extra, reason: `property errored: ${String(details.errorInstance)}` });
  return fromOutcome(outcome, (v, e) => result(v, { ...extra, counterexample, ...e }));
}

/**
 * The rule's generated runs executed before fast-check asks for them: the values it will draw from the same seed,
 * in the same order (`fc.sample` draws them as `fc.check` does, its examples first), each as the execution of its number. A run that
 * passed keeps only its judged count: only a failing one can be the counterexample.
 */
async function runAhead(
  arbitrary: fc.Arbitrary<Record<string, unknown>>,
  draw: { seed: number; runs: number; examples: Record<string, unknown>[] },
  run: (given: Record<string, unknown>, index: number) => Promise<RunOutcome>,
  slots: Slots | undefined,
): Promise<RunOutcome[]> {
  const values = fc.sample(arbitrary, { seed: draw.seed, numRuns: draw.runs, examples: draw.examples });
  return prefetchRuns(values, async (given, i) => {
    const outcome = await run(given, i);
    return outcome.findings.length > 0 || outcome.cannotJudge ? outcome : { ...outcome, evidence: [] };
  }, slots);
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
