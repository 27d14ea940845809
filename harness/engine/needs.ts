import type { Profile } from '../profile/profile.js';
import { type Rule, type Step, stepKind } from '../suite/suite.js';
import { expressionsIn, lookup } from '../suite/template.js';
import { STEP_KINDS } from './steps/registry.js';

/**
 * A rule's needs; `receiver`: a step needs the run's webhook receiver, which the target must trust; `live`: a step
 * waits for notifications, which an app that is not Live never gets.
 */
export type RuleNeeds = Required<NonNullable<Rule['needs']>> & { receiver: boolean; live: boolean };

/** The needs of a rule: what it declares plus what its steps show (token names, fixtures, control steps). */
export function needsOf(rule: Rule): RuleNeeds {
  const tokens = new Set(rule.needs?.tokens ?? []);
  const fixtures = new Set(rule.needs?.fixtures ?? []);
  const capabilities = new Set(rule.needs?.capabilities ?? []);
  // Fresh state before every run cannot be had without `reset`: judged on leftovers, the rule could fail falsely.
  if (rule.reset === 'each-run') capabilities.add('reset');
  let receiver = false;
  let live = false;
  for (const step of rule.steps) {
    const request = requestOf(step);
    const token = request?.token ?? (request && (request.base ?? 'api') === 'api' ? 'page' : undefined);
    if (token && !['none', 'unissued'].includes(token) && !token.includes('{{')) tokens.add(token);
    if ('clock' in step || ('repeat' in step && step.repeat.advance_between !== undefined)) capabilities.add('clock');
    if ('authorize' in step) capabilities.add('authorize');
    const declared = stepNeeds(step);
    declared?.tokens?.forEach((t) => tokens.add(t));
    declared?.capabilities?.forEach((c) => capabilities.add(c));
    if (declared?.receiver) receiver = true;
    if (declared?.live) live = true;
  }
  for (const expr of expressionsIn(rule)) {
    for (const match of expr.matchAll(/fixtures\.(\w+)/g)) fixtures.add(match[1]!);
    if (/\bclock\.now\b/.test(expr)) capabilities.add('clock');
  }
  const profile = rule.needs?.profile ?? [];
  return { tokens: [...tokens], fixtures: [...fixtures], capabilities: [...capabilities], profile, receiver, live };
}

/** What a step kind reads off its own body (a `subscribe` step needs the app token and the receiver, say). */
function stepNeeds(step: Step) {
  const name = stepKind(step);
  return STEP_KINDS.get(name)?.needs?.((step as unknown as Record<string, unknown>)[name]);
}

function requestOf(step: Step) {
  if ('request' in step) return step.request;
  if ('walk' in step) return step.walk.request;
  if ('parallel' in step) return step.parallel.request;
  if ('repeat' in step) return step.repeat.request;
  return undefined;
}

/**
 * Why a rule cannot run against this profile (skipped), or undefined when everything it needs is there.
 * `receiverProblem` says why this run has no trusted webhook receiver, when it has none.
 */
export function missingNeed(rule: Rule, profile: Profile, receiverProblem?: string): string | undefined {
  const needs = needsOf(rule);
  for (const token of needs.tokens) {
    const value = token === 'app' ? profile.app.access_token : profile.tokens[token as keyof Profile['tokens']];
    if (!value) return `the profile has no ${token === 'app' ? 'app.access_token' : `tokens.${token}`}`;
  }
  for (const fixture of needs.fixtures) {
    if (!profile.fixtures[fixture as keyof Profile['fixtures']]) return `the profile has no fixtures.${fixture}`;
  }
  for (const capability of needs.capabilities) {
    if (!profile.control_url) return `needs the control capability "${capability}"; the profile has no control_url`;
    if (!profile.capabilities.includes(capability as Profile['capabilities'][number])) {
      return `needs the control capability "${capability}", which the target does not serve`;
    }
  }
  for (const path of needs.profile) {
    const value = lookup(profile, path);
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
      return `the profile does not set ${path}`;
    }
    // A switch such as webhooks.mtls: rules about what it turns on need it on.
    if (value === false) return `the profile sets ${path} to false`;
  }
  if (needs.receiver && receiverProblem) return receiverProblem;
  if (needs.live && profile.app.live === false) {
    return 'the profile sets app.live to false: no notifications are sent unless the app is Live (Events)';
  }
  return undefined;
}

/** The preflight problem that stops a rule (error verdict), if any of its needs failed preflight. */
export function setupProblemFor(rule: Rule, problems: Map<string, string>): string | undefined {
  const needs = needsOf(rule);
  const keys = [
    'base_url',
    ...needs.tokens.map((t) => (t === 'app' ? 'app.access_token' : `tokens.${t}`)),
    ...needs.fixtures.map((f) => `fixtures.${f}`),
    ...needs.capabilities.map((c) => `capabilities.${c}`),
  ];
  for (const key of keys) {
    const problem = problems.get(key);
    if (problem) return problem;
  }
  return undefined;
}
