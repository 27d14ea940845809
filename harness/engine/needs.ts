import { missingNeed, type RuleNeeds, type RunFacts } from '../preflight/rule-needs.js';
import { OPTIONAL_PROFILE_PARTS } from '../profile/profile.js';
import type { RunContext, TargetSession } from './run-context.js';
import { everyStep, fixedSteps, type Rule } from '../suite/suite.js';
import { stepKind } from '../suite/step.js';
import { expressionsIn } from '../suite/template.js';
import { controlPlan } from './positive-control.js';
import type { StepNeeds, StepSide } from './steps/step-kind.js';
import { stepKinds } from './steps/registry.js';

/**
 * The needs of a rule: what it declares plus what its steps show. Each step kind reads its own from its body
 * (token names, control capabilities, the receiver), for the step and for its positive control. The alternatives of
 * a `one_of` step are needs of none: the run takes one it can (`ruleAsRun`).
 */
export function needsOf(rule: Rule): RuleNeeds {
  const tokens = new Set(rule.needs?.tokens ?? []);
  const fixtures = new Set(rule.needs?.fixtures ?? []);
  const capabilities = new Set(rule.needs?.capabilities ?? []);
  const profile = new Set(rule.needs?.profile ?? []);
  const reads = new Set<string>();
  // Fresh state before every run cannot be had without `reset`: judged on leftovers, the rule could fail falsely.
  if (rule.reset === 'each-run') capabilities.add('reset');
  const steps = fixedSteps(rule);
  const declared: StepNeeds[] = steps.flatMap((step) => {
    const { name, body } = stepKind(step);
    const plan = controlPlan(step);
    return [stepKinds().get(name)?.needs?.(body) ?? {}, (plan && stepKinds().get(plan.kind)?.needs?.(plan.body)) ?? {}];
  });
  for (const needs of declared) {
    needs.tokens?.forEach((t) => tokens.add(t));
    needs.capabilities?.forEach((c) => capabilities.add(c));
    needs.profile?.forEach((p) => profile.add(p));
  }
  let time = false;
  for (const expr of expressionsIn({ ...rule, steps })) {
    for (const match of expr.matchAll(/fixtures\.(\w+)/g)) fixtures.add(match[1]!);
    if (/\bclock\.now\b/.test(expr)) time = true;
    // A profile part a template reads (`{{versions.usable}}`, `/{{app.id}}/subscriptions`): optional in a profile.
    for (const match of expr.matchAll(/(?<![\w.])((?:versions|app)\.\w+)/g)) if (OPTIONAL_PROFILE_PARTS.includes(match[1]!)) reads.add(match[1]!);
  }
  return {
    tokens: [...tokens],
    fixtures: [...fixtures],
    capabilities: [...capabilities],
    profile: [...profile],
    receiver: declared.some((n) => n.receiver),
    live: declared.some((n) => n.live),
    time,
    clientCertificates: declared.some((n) => n.clientCertificates),
    reads: [...reads].filter((path) => !profile.has(path)),
  };
}

/** What the run knows of its target that may make a rule skip, as `missingNeed` reads it. */
export function runFacts(target: Pick<TargetSession, 'webhooks' | 'timeProblem' | 'unserved'>): RunFacts {
  return { receiverProblem: target.webhooks.unavailable, timeProblem: target.timeProblem, unserved: target.unserved };
}

/** The sides a rule's steps (and their positive controls) play against. */
export function sidesOf(rule: Rule): Set<StepSide> {
  const sides = new Set<StepSide>();
  for (const step of everyStep(rule)) {
    const plan = controlPlan(step);
    for (const name of [stepKind(step).name, plan?.kind]) {
      const side = name === undefined ? undefined : stepKinds().get(name)?.side;
      if (side) sides.add(side);
    }
  }
  return sides;
}

/**
 * Why a rule cannot run in this run (skipped): its steps play against a side the run lacks, or the target or
 * callback lacks what they need. Undefined when everything is there.
 */
export function missingInRun(rule: Rule, ctx: RunContext): string | undefined {
  const sides = sidesOf(rule);
  if (sides.has('callback') && !ctx.callback) return "plays the service against an app's callback; run it with graphcheck webhook-test";
  if (sides.has('target') && !ctx.target) return "plays against a target's interface; run it with graphcheck run";
  if (ctx.target) return missingNeed(rule, needsOf(rule), ctx.target.profile, runFacts(ctx.target));
  if (needsOf(rule).clientCertificates && !ctx.callback?.clientCerts) {
    return "the app's callback is not set up for client certificates (mTLS): give --client-ca and --client-cn";
  }
  return undefined;
}
