import { describeResponse } from '../checks/error-envelope.js';
import type { Exchange } from '../model/index.js';
import { mergeBody } from '../suite/merge-body.js';
import { type Expectation, type Step, stepKind } from '../suite/step.js';
import type { Scope } from '../suite/template.js';
import { judgeStep } from './judge-step.js';
import { checkContextOf, type Execution, type RunContext } from './run-context.js';
import type { StepOutcome } from './step-outcome.js';
import { stepKinds } from './steps/registry.js';
import { assertJsonBodies, runStep } from './steps/run-step.js';

/** A step's positive control as it will run: which kind, with which body, judged by which expectations. */
export interface ControlPlan {
  kind: string;
  body: unknown;
  expect: Expectation[];
  order: 'before' | 'after';
}

/**
 * The positive control of a step (reading R51), declared with `control:` or implied by its kind (`authorize`):
 * the step's body with `control.with` merged over it, run as the kind says. With a scope, parts written as one
 * template are evaluated before merging; without one (needs, at load) the plan is read from the suite text alone.
 */
export function controlPlan(step: Step, scope?: Scope): ControlPlan | undefined {
  const { name, body } = stepKind(step);
  const declaration = stepKinds().get(name)?.control;
  if (!declaration || (!step.control && !declaration.always)) return undefined;
  const merged = mergeBody(body, step.control?.with ?? {}, scope);
  const twin = declaration.twin?.(merged as never) ?? { kind: name, body: merged, expect: declaration.expect };
  return { kind: twin.kind, body: twin.body, expect: step.control?.expect ?? twin.expect, order: step.control?.order ?? 'before' };
}

/** Runs a control; its exchanges are evidence marked `positive-control`. Accepted: its expectations all held. */
export async function runControl(
  plan: ControlPlan,
  scope: Scope,
  ctx: RunContext,
  execution: Execution,
): Promise<{ accepted: boolean; answer: string; outcome: StepOutcome }> {
  const outcome = await runStep(plan.kind, plan.body, scope, ctx, execution);
  for (const exchange of outcome.exchanges) exchange.role = 'positive-control';
  assertJsonBodies(plan.expect, outcome);
  const judgement = judgeStep({ expectations: plan.expect, outcome, scope, context: checkContextOf(ctx), evidence: execution.evidence, controlAccepted: true });
  const accepted = judgement.findings.length === 0 && judgement.unjudged.length === 0;
  const last = outcome.exchanges.length - 1;
  const answer = last < 0 ? 'no answer' : describeResponse(outcome.exchanges[last]!, outcome.bodies[last]);
  const what = outcome.exchanges[last] ? `${outcome.exchanges[last]!.request.method} ${pathOf(outcome.exchanges[last]!)}` : plan.kind;
  return { accepted, answer: `${what} answered ${judgement.findings[0]?.message ?? answer}`, outcome };
}

function pathOf(exchange: Exchange): string {
  return new URL(exchange.request.url).pathname;
}
