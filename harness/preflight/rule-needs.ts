// A rule's needs held against what the run has: the profile's tokens, fixtures, capabilities and parts, and what
// preflight found of the target (areas it does not serve, its time, the receiver). What a rule needs is read off its
// steps by the engine (`engine/needs.ts`, which knows the step kinds); this side needs no step kind.
import type { Profile } from '../profile/profile.js';
import { everyStep, type Rule } from '../suite/suite.js';
import { endpointsOf } from '../suite/rule-endpoints.js';
import { lookup } from '../validation/lookup.js';
import { unservedNeed } from './areas.js';
import type { PreflightScope } from './preflight-witnesses.js';

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
 * Why a rule cannot run against this profile (skipped): every missing need at once, so a user learns in one run all
 * that would let it run (the clock and the feed, not the clock first). Undefined when everything is there.
 */
export function missingNeed(rule: Rule, needs: RuleNeeds, profile: Profile, facts: RunFacts = {}): string | undefined {
  const missing = missingNeeds(rule, needs, profile, facts);
  return missing.length > 0 ? missing.join('; ') : undefined;
}

/** Each missing need of a rule (`needs`: what the engine reads off it) in words, the profile's keys first, then what the run found of the target. */
export function missingNeeds(rule: Rule, needs: RuleNeeds, profile: Profile, facts: RunFacts = {}): string[] {
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

/** The preflight problem that stops a rule of these needs (error verdict), and the profile field it is about, if any of them failed preflight. */
export function setupProblemFor(needs: RuleNeeds, problems: Map<string, string>): { field: string; problem: string } | undefined {
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
 * they may use, the alternatives of their `one_of` steps included (`needsOf`: the engine's reading of a rule's needs).
 */
export function preflightScope(rules: Rule[], needsOf: (rule: Rule) => RuleNeeds): PreflightScope {
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
