import { OPTIONAL_PROFILE_PARTS, type Profile } from '../profile/profile.js';
import type { RunContext, TargetSession } from './run-context.js';
import { everyStep, fixedSteps, type Rule } from '../suite/suite.js';
import { stepKind } from '../suite/step.js';
import { expressionsIn } from '../suite/template.js';
import { lookup } from '../validation/lookup.js';
import { endpointsOf } from '../suite/rule-endpoints.js';
import { unservedNeed } from '../preflight/areas.js';
import type { PreflightScope } from '../preflight/preflight-witnesses.js';
import { controlPlan } from './positive-control.js';
import type { StepNeeds, StepSide } from './steps/step-kind.js';
import { stepKinds } from './steps/registry.js';

/**
 * A rule's needs; `receiver`: a step needs the run's webhook receiver, which the target must trust; `live`: a step
 * waits for notifications, which an app that is not Live never gets; `time`: a template reads the target's clock
 * (`clock.now`), from control `clock` or the `Date` header; `clientCertificates`: the app's callback under test
 * expects client certificates (mTLS).
 */
export type RuleNeeds = Required<NonNullable<Rule['needs']>> & {
  receiver: boolean;
  live: boolean;
  time: boolean;
  clientCertificates: boolean;
  /** Profile parts a template reads (`{{versions.usable}}`, `/{{app.id}}/subscriptions`): they must be given. */
  reads: string[];
};

/**
 * What the run knows before a rule starts that may make it skip: no trusted receiver, no way to read the time, areas
 * of the interface the target does not serve (by name: why preflight thinks so).
 */
export interface RunFacts {
  receiverProblem?: string;
  timeProblem?: string;
  unserved?: ReadonlyMap<string, string>;
}

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
  if (ctx.target) return missingNeed(rule, ctx.target.profile, runFacts(ctx.target));
  if (needsOf(rule).clientCertificates && !ctx.callback?.clientCerts) {
    return "the app's callback is not set up for client certificates (mTLS): give --client-ca and --client-cn";
  }
  return undefined;
}

/**
 * Why a rule cannot run against this profile (skipped): every missing need at once, so a user learns in one run all
 * that would let it run (the clock and the feed, not the clock first). Undefined when everything is there.
 */
export function missingNeed(rule: Rule, profile: Profile, facts: RunFacts = {}): string | undefined {
  const missing = missingNeeds(rule, profile, facts);
  return missing.length > 0 ? missing.join('; ') : undefined;
}

/** Each missing need of a rule in words, the profile's keys first, then what the run found of the target. */
export function missingNeeds(rule: Rule, profile: Profile, facts: RunFacts = {}): string[] {
  const needs = needsOf(rule);
  const absent = [
    ...needs.tokens.filter((token) => !tokenOf(profile, token)).map((token) => (token === 'app' ? 'app.access_token' : `tokens.${token}`)),
    ...needs.fixtures.filter((fixture) => !profile.fixtures[fixture as keyof Profile['fixtures']]).map((fixture) => `fixtures.${fixture}`),
  ];
  const missing = absent.length > 0 ? [`the profile has no ${absent.join(', ')}`] : [];
  const capabilities = needs.capabilities.filter((c) => !profile.control_url || !profile.capabilities.includes(c as Profile['capabilities'][number]));
  if (capabilities.length > 0) {
    const named = `needs the control ${capabilities.length === 1 ? 'capability' : 'capabilities'} ${capabilities.map((c) => `"${c}"`).join(', ')}`;
    missing.push(profile.control_url ? `${named}, which the target does not serve` : `${named}; the profile has no control_url`);
  }
  // A part a template reads must be there (an empty `versions.expired` is a list of none); one a rule declares it
  // needs must hold something.
  const unsetPaths = [...needs.profile.filter((path) => isUnset(lookup(profile, path))), ...needs.reads.filter((path) => lookup(profile, path) === undefined)];
  // `versions.usable[1]` says nothing more once `versions.usable` is named.
  const unset = unsetPaths.filter((path) => !unsetPaths.some((other) => other !== path && /^[[.]/.test(path.slice(other.length)) && path.startsWith(other)));
  if (unset.length > 0) missing.push(`the profile does not set ${unset.join(', ')}`);
  // A switch such as webhooks.mtls: rules about what it turns on need it on.
  const off = needs.profile.filter((path) => lookup(profile, path) === false);
  if (off.length > 0) missing.push(`the profile sets ${off.join(', ')} to false`);
  const unserved = facts.unserved && unservedNeed(rule, facts.unserved);
  if (unserved) missing.push(unserved);
  if (needs.time && facts.timeProblem) missing.push(facts.timeProblem);
  if (needs.receiver && facts.receiverProblem) missing.push(facts.receiverProblem);
  if (needs.live && profile.app.live === false) {
    missing.push('the profile sets app.live to false: no notifications are sent unless the app is Live (Events)');
  }
  return missing;
}

function tokenOf(profile: Profile, token: string): string | undefined {
  return token === 'app' ? profile.app.access_token : profile.tokens[token as keyof Profile['tokens']];
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The preflight problem that stops a rule (error verdict), and the profile field it is about, if any of its needs failed preflight. */
export function setupProblemFor(rule: Rule, problems: Map<string, string>): { field: string; problem: string } | undefined {
  const needs = needsOf(rule);
  const keys = [
    'base_url',
    ...needs.tokens.map((t) => (t === 'app' ? 'app.access_token' : `tokens.${t}`)),
    ...needs.fixtures.map((f) => `fixtures.${f}`),
    ...needs.capabilities.map((c) => `capabilities.${c}`),
  ];
  for (const field of keys) {
    const problem = problems.get(field);
    if (problem) return { field, problem };
  }
  return undefined;
}

/**
 * What the rules may reach, for preflight to ask about: every endpoint they send to and every token and fixture
 * they may use, the alternatives of their `one_of` steps included.
 */
export function preflightScope(rules: Rule[]): PreflightScope {
  const tokens = new Set<string>();
  const fixtures = new Set<string>();
  const endpoints = new Set<string>();
  for (const rule of rules) {
    const needs = needsOf({ ...rule, steps: everyStep(rule) });
    needs.tokens.forEach((token) => tokens.add(token));
    needs.fixtures.forEach((fixture) => fixtures.add(fixture));
    endpointsOf(rule).forEach((endpoint) => endpoints.add(endpoint));
  }
  return { endpoints: [...endpoints], tokens, fixtures };
}
