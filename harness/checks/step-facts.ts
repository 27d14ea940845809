import type { Exchange } from '../model/index.js';
import type { TrafficFacts } from './traffic-facts.js';
import type { WebhookFacts } from './webhook-facts.js';

/** Where a walk ended early: the page without `paging.next`, and how many items its `after` cursor still gave. */
export interface WalkEnd {
  page: number;
  more: number;
}

/**
 * `walk` with `compare_after`: a page's `cursors.after` fed back as `after=` (contract §3.4), with what it answered,
 * to hold against the page `paging.next` gave. `page` is the page (1-based) whose cursor was fed back; `body` is
 * absent where that page carried `paging.next` but no `cursors.after` string.
 */
export interface AfterProbe {
  page: number;
  body?: unknown;
  exchange?: Exchange;
}

/** What one connection to an app's callback showed of its transport (`graphcheck webhook-test`). */
export interface CallbackTransport {
  scheme: 'http' | 'https';
  /** The certificate is one no client may accept, and why in one phrase. */
  invalid?: string;
  /** The certificate's issuer is unknown here (cannot judge without `--ca`). */
  untrusted?: string;
  /** The connection itself failed: code and message. */
  failed?: { code: string; message: string };
}

/**
 * What a step leaves its checks besides its exchanges, one typed entry per fact: the step kind that leaves a fact
 * declares it (`StepKind.leaves`), a check that cannot judge without one declares it (`Check.needs`), and the suite
 * loader refuses a check under a step kind that does not leave what it needs. The passive judge leaves `traffic`.
 */
export interface StepFacts {
  /** `walk`: the walk ended on a page whose `after` cursor, fed back, still gave items (left only then). */
  afterEnd?: WalkEnd;
  /** `walk`: `max_pages` was reached before the walk ended (left only then). */
  truncated?: true;
  /** `walk` with `until_listed`: the walk stopped on this page, its items all seen, before the list ended (left only then). */
  stopped?: { page: number };
  /** `walk` with `compare_after`: each cursor fed back, on the first pages that carried `paging.next` (left by every such walk). */
  afterProbes?: AfterProbe[];
  /** `subscribe`: the verification GETs the callback received while the POST was answered. */
  verifications?: Exchange[];
  /** `deliveries`: what the suite did during the run, to judge what reached the receiver against. */
  webhook?: WebhookFacts;
  /** `deliveries`: whether what the step waited for arrived, in one phrase. */
  waited?: { satisfied: boolean; summary: string };
  /** `callback-tls`: the transport of the app's callback. */
  tls?: CallbackTransport;
  /** `graphcheck check`: the recorded traffic's clock, issued codes and profile. */
  traffic?: TrafficFacts;
}

export type FactName = keyof StepFacts;

/** The facts a check gets when it needs `Needed`: those are there, the others may be. */
export type FactsWith<Needed extends FactName> = StepFacts & { [K in Needed]-?: NonNullable<StepFacts[K]> };

/** Whether `facts` holds every one of `needed`. */
export function hasFacts<Needed extends FactName>(needed: readonly Needed[] | undefined, facts: StepFacts): facts is FactsWith<Needed> {
  return missingFacts(needed, facts).length === 0;
}

/** The facts of `needed` that `facts` lacks. */
export function missingFacts(needed: readonly FactName[] | undefined, facts: StepFacts): FactName[] {
  return (needed ?? []).filter((name) => facts[name] === undefined);
}
