import { isErrorResponse } from '../checks/error-envelope.js';
import { pathOf } from '../http/path-of.js';
import { RATE_LIMIT_CODES } from '../client/rate-limit.js';
import { ForeignOriginError, GraphcheckError, TargetFailure, TemplateError } from '../errors.js';
import type { Exchange, Finding, RuleCause } from '../model/index.js';
import type { Rule } from '../suite/suite.js';
import { type Step, stepKind } from '../suite/step.js';
import { isSetupStep, setupPurpose } from '../suite/step-roles.js';
import { expressionsIn, type Scope } from '../suite/template.js';
import { lookup } from '../validation/lookup.js';
import { type Judgement, NOTHING_JUDGED } from '../verdict/rule-result.js';
import { judgeOutcome } from './judge-cases.js';
import { judgeStep, type StepJudgement } from './judge-step.js';
import { controlPlan, runControl } from './positive-control.js';
import { checkContextOf, type Execution, newExecution, type RunContext } from './run-context.js';
import { failureCause, stepCause } from './step-cause.js';
import { captureSubject, type StepOutcome } from './step-outcome.js';
import { assertJsonBodies, runStep } from './steps/run-step.js';
import { targetNow } from '../control/target-now.js';
import { tokenRefusedAfterClockMove } from '../checks/token-after-clock-move.js';

/** What one execution of a rule's steps came to, and how long it waited for the target's rate limits. */
export type RunOutcome = Judgement & { rateLimited?: RateLimitTotal };

/** Waits for rate limits, counted over one execution or a whole rule. */
export interface RateLimitTotal {
  waits: number;
  waitedMs: number;
}

/** Runs the steps in order; the first step with findings ends the run, since later steps build on it. */
export async function runOnce(
  rule: Rule,
  given: Record<string, unknown>,
  base: Scope,
  ctx: RunContext,
  resetFirst = false,
): Promise<RunOutcome> {
  const outcome: RunOutcome = await runSteps(rule, given, base, ctx, resetFirst);
  const rateLimited = addWaits(undefined, outcome.evidence.flatMap((exchange) => exchange.rateLimited ?? []));
  return rateLimited ? { ...outcome, rateLimited } : outcome;
}

/** `total` plus these waits (undefined while there are none). */
export function addWaits(total: RateLimitTotal | undefined, waits: { waitedMs: number }[] | RateLimitTotal | undefined): RateLimitTotal | undefined {
  const more = Array.isArray(waits) ? { waits: waits.length, waitedMs: waits.reduce((sum, w) => sum + w.waitedMs, 0) } : waits;
  if (!more || more.waits === 0) return total;
  return { waits: (total?.waits ?? 0) + more.waits, waitedMs: (total?.waitedMs ?? 0) + more.waitedMs };
}

async function runSteps(
  rule: Rule,
  given: Record<string, unknown>,
  base: Scope,
  ctx: RunContext,
  resetFirst: boolean,
): Promise<RunOutcome> {
  const execution = newExecution(ctx);
  const { evidence, target } = execution;
  const scope: Scope = { ...base, given, captured: {} as Record<string, unknown> };
  let judged = 0;
  const unjudgeable = (reason: string, cause?: RuleCause): RunOutcome => ({ findings: [], evidence, judged, cannotJudge: reason, ...(cause ? { cause } : {}) });
  const errorPaths = checkContextOf(ctx).errorPaths;
  try {
    if (resetFirst && target?.control.has('reset')) await target.control.reset();
    for (const [index, step] of rule.steps.entries()) {
      if (target && mentionsClock(step)) scope.clock = { now: await targetNow(target, evidence) };
      const done = await runJudged(step, scope, ctx, execution);
      if ('refusedControl' in done) return unjudgeable(done.refusedControl, done.cause);
      const { judgement, outcome } = done;
      const setup = isSetupStep(rule.steps, index);
      const first = judgement.findings[0];
      if (first) {
        const cause = stepCause({ body: stepKind(step).body, outcome, exchange: evidence[first.exchange ?? -1], check: first.check, message: first.message, errorPaths });
        if (setup) return unjudgeable(setupFailed(step, outcome, first.message), cause);
        const expired = target && tokenRefusedAfterClockMove(outcome, target.profile, target.control.movedSinceReset());
        return expired ? unjudgeable(expired) : { findings: judgement.findings, evidence, judged: judged + judgement.judged, cause };
      }
      if (judgement.unjudged.length > 0) return unjudgeable(judgement.unjudged[0]!);
      judged += judgement.judged;
      if (step.end_if_refused && judgement.judged > 0 && refusedAll(outcome)) break;
      const unmet = judgeStep({ expectations: step.assume ?? [], outcome, scope, context: checkContextOf(ctx), evidence, controlAccepted: true }).findings[0];
      // R53: data the spec cannot make the target produce is no fault of the target: skipped, not error.
      if (unmet) return { ...unjudgeable(`the target's data does not allow judging this rule: ${unmet.message}`), dataShort: true };
      const missing = capture(step, outcome, scope);
      if (missing && setup) return unjudgeable(setupFailed(step, outcome, missing.message), stepCause({ body: stepKind(step).body, outcome, check: 'capture', message: missing.message, errorPaths }));
      if (missing) return { findings: [{ ...missing, exchange: evidence.length - 1 }], evidence, judged };
    }
    if (judged === 0) return unjudgeable(NOTHING_JUDGED);
    return { findings: [], evidence, judged };
  } catch (error) {
    if (error instanceof ForeignOriginError && error.isFinding) return { findings: [foreignLink(error, evidence)], evidence, judged: judged + 1 };
    // The answer that stopped the rule (still rate limited, too large) is its evidence, with the waits it took.
    if (error instanceof TargetFailure) {
      evidence.push(error.exchange);
      return unjudgeable(error.message, failureCause(error));
    }
    if (error instanceof GraphcheckError) return unjudgeable(error.message);
    if (error instanceof TemplateError) return unjudgeable(`suite ${rule.id}: ${error.message}`);
    throw error;
  }
}

/**
 * One step, with its positive control before or after it (reading R51). A control the target does not accept
 * leaves the step's refusals unjudged (the target refuses the valid request too); what it accepted and should not
 * have is a finding all the same.
 */
export async function runJudged(
  step: Step,
  scope: Scope,
  ctx: RunContext,
  executionAsGiven: Execution,
): Promise<{ refusedControl: string; cause: RuleCause } | { judgement: StepJudgement; outcome: StepOutcome }> {
  const execution = judgesRateLimits(step) ? takingRateLimitsAsAnswers(executionAsGiven) : executionAsGiven;
  const plan = controlPlan(step, scope);
  const control = plan?.order === 'before' ? await runControl(plan, scope, ctx, execution) : undefined;
  const { name, body } = stepKind(step);
  const outcome = await runStep(name, body, scope, ctx, execution);
  const after = plan?.order === 'after' ? await runControl(plan, scope, ctx, execution) : control;
  assertJsonBodies(step.expect ?? [], outcome);
  const judgement = judgeOutcome({
    expectations: step.expect ?? [],
    outcome,
    scope,
    context: checkContextOf(ctx),
    evidence: execution.evidence,
    controlAccepted: after?.accepted === true,
  });
  if (after && !after.accepted && judgement.findings.length === 0) {
    const refused = `the target refuses the valid request too (R51): the positive control ${after.answer}`;
    const errorPaths = checkContextOf(ctx).errorPaths;
    return { refusedControl: refused, cause: stepCause({ body: plan!.body, outcome: after.outcome, check: 'positive-control', message: refused, errorPaths }) };
  }
  return { judgement, outcome };
}

/**
 * A step whose expectations name a rate limit (code 80001 or 80008, HTTP 429) judges that refusal: its requests
 * are not waited out and sent again, or the answer judged would never be the one that came.
 */
function judgesRateLimits(step: Step): boolean {
  return RATE_LIMIT_ANSWERS.test(JSON.stringify([step.expect ?? [], step.assume ?? []]));
}

/** The spec's rate-limit codes as the client meets them (`rate-limit.ts`), and HTTP 429. */
const RATE_LIMIT_ANSWERS = new RegExp(`\\b(${[...RATE_LIMIT_CODES, 429].join('|')})\\b`);

function takingRateLimitsAsAnswers(execution: Execution): Execution {
  const { target } = execution;
  return target ? { ...execution, target: { ...target, client: target.client.takingRateLimitsAsAnswers() } } : execution;
}

/** Every exchange of the step answered an error (judged as a refusal next to an accepted control, R51). */
function refusedAll(outcome: StepOutcome): boolean {
  return outcome.exchanges.length > 0 && outcome.exchanges.every((exchange, i) => isErrorResponse(exchange, outcome.bodies[i]));
}

/** Whether a step reads `clock.now`, worked out once per step: a rule's steps are the same in each of its runs. */
const clockSteps = new WeakMap<Step, boolean>();

function mentionsClock(step: Step): boolean {
  let mentions = clockSteps.get(step);
  if (mentions === undefined) clockSteps.set(step, (mentions = expressionsIn(step).some((e) => /\bclock\.now\b/.test(e))));
  return mentions;
}

/** Keeps what the step captures for the later steps; what its answer lacks is returned as a finding. */
export function capture(step: Step, outcome: StepOutcome, scope: Scope): Finding | undefined {
  const subject = captureSubject(outcome);
  const captured = scope.captured as Record<string, unknown>;
  for (const [name, path] of Object.entries(step.capture ?? {})) {
    const value = lookup(subject, path);
    if (value === undefined) return { check: 'capture', message: `the response has no \`${path}\` to continue with (needed as ${name})` };
    captured[name] = value;
  }
  return undefined;
}

/**
 * Why a setup step's failure leaves the rule unjudged: the request it sent, what went wrong, and what the rule needed
 * it for. The request and its answer are the last of the evidence.
 */
export function setupFailed(step: Step, outcome: StepOutcome, problem: string): string {
  const sent = outcome.exchanges.at(-1);
  const request = sent ? `${sent.request.method} ${pathOf(sent.request.url)}` : stepKind(step).name;
  return `setup request ${request} failed (${problem}): the rule needed it for ${setupPurpose(step)}`;
}

/**
 * The target handed over a link to another origin, to be followed with a token: the finding points at the answer
 * that carried it (the latest one naming that origin), and nothing was sent there.
 */
export function foreignLink(error: ForeignOriginError, evidence: Exchange[]): Finding {
  const host = error.origins.refused.replace(/^[a-z][a-z\d+.-]*:\/\//i, '');
  let carrier = evidence.length - 1;
  while (carrier > 0 && !evidence[carrier]?.response?.body?.includes(host)) carrier--;
  return {
    check: 'same-origin',
    message: error.message,
    ...(carrier >= 0 ? { exchange: carrier } : {}),
    expected: `a link on ${error.origins.target}`,
    actual: error.url,
  };
}
