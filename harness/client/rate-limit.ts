import { TargetFailure } from '../errors.js';
import { headerValue } from '../headers.js';
import type { Exchange } from '../model/index.js';
import { pathOf } from '../http/path-of.js';
import { lookup } from '../validation/lookup.js';
import type { SentExchange } from './send.js';

/** The spec's two limits, each "wait and retry": 80001 (a Page account, photos read), 80008 (templates). */
export const RATE_LIMIT_CODES: readonly number[] = [80001, 80008];

/**
 * The longest a whole run waits for rate limits unless `--max-wait` says: waits summed over every request, those
 * side by side under `--concurrency` too, so a target that limits every request ends the run in minutes.
 */
export const DEFAULT_MAX_WAIT_MS = 5 * 60_000;

/**
 * What a whole run may still wait for rate limits (`--max-wait`), shared by every request it sends. A wait is
 * taken from it before it starts: waits side by side count each, so the run's time spent waiting never passes it.
 */
export class WaitBudget {
  private spent = 0;

  constructor(readonly totalMs: number) {}

  /** Takes `ms` for a wait about to start; false (nothing taken) when that would pass the bound. */
  take(ms: number): boolean {
    if (this.spent + ms > this.totalMs) return false;
    this.spent += ms;
    return true;
  }

  get spentMs(): number {
    return this.spent;
  }
}

/** How the run meets a rate limit: a bounded backoff, real time (a limit is the target's, not its virtual clock). */
export interface RateLimitPolicy {
  /** The first wait when the answer does not say how long (`Retry-After`); doubled at each retry. Default 1000. */
  baseMs: number;
  /** Retries of one request before its rule is `error` (rate limited). */
  retries: number;
  /** The longest single wait; a `Retry-After` asking for more is not waited for. */
  maxWaitMs: number;
  /** The run's bound on all its waits together (`--max-wait`); absent: each request's own bound only. */
  budget?: WaitBudget;
  /** Each wait as it starts (the progress line shows it). */
  onWait?(wait: RateLimitWait): void;
}

/** One wait for a rate limit, kept on the exchange that was finally answered (`Exchange.rateLimited`). */
export interface RateLimitWait {
  /** What limited the request: `code 80001`, `HTTP 429`, `HTTP 503 with Retry-After`. */
  answer: string;
  waitedMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { baseMs: 1000, retries: 4, maxWaitMs: 60_000 };

/**
 * Sends through `sendOnce` and, while the answer is a rate limit, waits and sends the same request again: as long as
 * `Retry-After` says (seconds or a date), else the backoff's base doubled at each retry. The answer finally kept
 * lists the waits; a request still limited after the last retry, or whose next wait would pass the run's bound
 * (`--max-wait`), stops its rule as one that could not judge (`RATE_LIMITED`), never as a finding.
 */
export async function sendRespectingLimits(
  sendOnce: () => Promise<SentExchange>,
  errorCodePath: string,
  policy: RateLimitPolicy,
): Promise<SentExchange> {
  const waits: RateLimitWait[] = [];
  for (let retry = 0; ; retry++) {
    const sent = await sendOnce();
    const answer = rateLimitOf(sent, errorCodePath);
    if (!answer) return withWaits(sent, waits);
    const waitMs = retryAfterMs(sent.exchange) ?? policy.baseMs * 2 ** retry;
    if (retry >= policy.retries || waitMs > policy.maxWaitMs || !(policy.budget?.take(waitMs) ?? true)) {
      throw stillLimited(withWaits(sent, waits).exchange, answer, waitMs, policy, retry);
    }
    const wait = { answer, waitedMs: waitMs };
    policy.onWait?.(wait);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    waits.push(wait);
  }
}

/** `code 80001`, `HTTP 429`, `HTTP 503 with Retry-After`; undefined for an answer that is no rate limit. */
export function rateLimitOf(sent: SentExchange, errorCodePath: string): string | undefined {
  const status = sent.exchange.response?.status ?? 0;
  if (status === 429) return 'HTTP 429';
  const code = lookup(sent.json, errorCodePath);
  if (typeof code === 'number' && RATE_LIMIT_CODES.includes(code)) return `code ${code}`;
  if (status >= 400 && headerValue(sent.exchange.response?.headers, 'retry-after') !== undefined) return `HTTP ${status} with Retry-After`;
  return undefined;
}

/**
 * How long `Retry-After` asks to wait: seconds (a fraction too, as some servers write it) or an HTTP date, which
 * names its month and day in words. Anything else says nothing (the backoff's own wait), rather than what
 * `Date.parse` makes of it (`0.5` and `-1` read as dates in 2000 and 2001: no wait at all).
 */
function retryAfterMs(exchange: Exchange): number | undefined {
  const value = headerValue(exchange.response?.headers, 'retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (!/[A-Za-z]/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function withWaits(sent: SentExchange, waits: RateLimitWait[]): SentExchange {
  return waits.length === 0 ? sent : { ...sent, exchange: { ...sent.exchange, rateLimited: waits } };
}

function stillLimited(exchange: Exchange, answer: string, waitMs: number, policy: RateLimitPolicy, retry: number): TargetFailure {
  const where = `${exchange.request.method} ${pathOf(exchange.request.url)}`;
  const { budget } = policy;
  let why = `still limited after ${policy.retries} retries; --max-rps lowers the request rate`;
  if (retry < policy.retries && waitMs > policy.maxWaitMs) {
    why = `the target asks to wait ${seconds(waitMs)}, more than graphcheck waits (${seconds(policy.maxWaitMs)}); --max-rps lowers the request rate`;
  } else if (retry < policy.retries && budget) {
    why =
      `waiting ${seconds(waitMs)} more would pass the run's bound on rate-limit waits (--max-wait ${seconds(budget.totalMs)}, ` +
      `${seconds(budget.spentMs)} waited so far); --max-wait raises it, --max-rps lowers the request rate`;
  }
  return new TargetFailure('RATE_LIMITED', `${where}: rate limited (${answer}): ${why}`, exchange);
}

/** `60 s`, `1.5 s`, `0 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
