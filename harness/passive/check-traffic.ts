import type { CheckContext } from '../checks/check.js';
import { runResult } from '../verdict/rule-result.js';
import type { Exchange, RulesRun, RunResult } from '../model/index.js';
import type { Profile } from '../profile/profile.js';
import { type RuleSelection, selectedRules } from '../suite/select-rules.js';
import type { Suite } from '../suite/suite.js';
import { AcceptedOperations } from './accepted-operations.js';
import { PassiveJudge } from './passive-judge.js';
import type { PassiveReasons } from './passive-reasons.js';
import { type TrafficAccount, trafficAccount } from './traffic-account.js';
import { RecordedTrafficFacts } from './traffic-facts.js';
import { jsonTooDeepAt } from '../validation/nesting.js';

export interface TrafficSource {
  /** How the report names the traffic (the cassette's path). */
  name: string;
  exchanges: AsyncIterable<Exchange> | Iterable<Exchange>;
}

/** How the traffic is judged: the rules' side, the target's profile when given, how each result names itself. */
export interface TrafficJudging {
  /** Where the target's error answers keep their parts. */
  ctx: CheckContext;
  /** Default: the service's rules. */
  selection?: RuleSelection;
  /** What client-side rules compare requests with (the app's redirect URIs). */
  profile?: Profile;
  /** The command that judges one rule again (the plan's, as every command's). */
  replayCommand(ruleId: string): string;
  /** The command's seed, carried by the report as every command's. */
  seed: number;
}

/**
 * Passive conformance: every rule with a `passive:` block, judged over recorded exchanges in one pass. The
 * selection's side picks the service's rules (default) or the client's (`check --side client`); the profile,
 * when given, is what client-side rules compare requests with (the app's redirect URIs).
 */
export async function checkTraffic(suites: Suite[], source: TrafficSource, judging: TrafficJudging): Promise<RunResult> {
  return runResult((await judgeTraffic(suites, source, judging)).run, judging.seed);
}

/**
 * `checkTraffic`, with the account of the selection: which rules the traffic judged, and why each of the others
 * was not (what they found in the traffic, or the reason `reasons` gives for having no passive form).
 */
export async function judgeTraffic(
  suites: Suite[],
  source: TrafficSource,
  judging: TrafficJudging,
  reasons: PassiveReasons = new Map(),
): Promise<{ run: RulesRun; account: TrafficAccount }> {
  const { ctx, selection = {}, profile } = judging;
  const startedAt = new Date().toISOString();
  const facts = new RecordedTrafficFacts(profile);
  const accepted = new AcceptedOperations();
  const selected = selectedRules(suites, selection);
  const judges = selected
    .filter(({ rule }) => rule.passive)
    .map(({ suite, rule }) => new PassiveJudge(rule, suite, ctx, judging.replayCommand, facts, accepted));
  for await (const recorded of source.exchanges) {
    const { exchange, body } = withBody(recorded);
    if (isStateReset(exchange)) {
      for (const judge of judges) judge.closeGroups();
      facts.reset();
      accepted.reset();
    }
    facts.observe(exchange, body);
    accepted.observe(exchange, body);
    for (const judge of judges) judge.offer(exchange, body);
  }
  const judged = judges.map((judge) => ({ result: judge.result(), unjudged: judge.unjudged }));
  const results = judged.map(({ result }) => result);
  const run = { target: { baseUrl: source.name, source: `cassette ${source.name}` }, startedAt, finishedAt: new Date().toISOString(), results };
  return { run, account: trafficAccount(selected.map(({ rule }) => rule), judged, reasons) };
}

/** A control `reset` that the target acknowledged: state, codes included, starts over. */
function isStateReset(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  const { method, url } = exchange.request;
  if (exchange.kind !== 'control' || method !== 'POST' || !/\/reset$/.test(new URL(url).pathname)) return false;
  return status >= 200 && status < 300;
}

/**
 * The JSON an exchange's checks read: the answer of an API call or a control request, a notification's payload. A
 * body nested deeper than graphcheck reads is JSON it cannot judge (not "not JSON"): the exchange is passed on as
 * one whose body was not kept, which no rule judges.
 */
function withBody(exchange: Exchange): { exchange: Exchange; body: unknown } {
  const part = exchange.kind === 'webhook-notification' ? exchange.request : exchange.response;
  if (!part?.body || part.bodyEncoding === 'base64') return { exchange, body: undefined };
  if (jsonTooDeepAt(part.body) !== undefined) {
    const unread = { ...part, bodyOmitted: true };
    const passed = exchange.kind === 'webhook-notification' ? { ...exchange, request: unread } : { ...exchange, response: unread };
    return { exchange: passed as Exchange, body: undefined };
  }
  try {
    return { exchange, body: JSON.parse(part.body) as unknown };
  } catch {
    return { exchange, body: undefined };
  }
}
