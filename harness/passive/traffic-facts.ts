import type { TrafficFacts } from '../checks/traffic-facts.js';
import { headerValue } from '../headers.js';
import type { Exchange } from '../model/index.js';
import type { Profile } from '../profile/profile.js';
import { parseJson } from '../validation/nesting.js';
import { carriesNoToken } from './request-token.js';

/**
 * Facts gathered while the traffic streams past, for checks that judge one exchange against others:
 * - the target's clock at each request, from the last control `clock` answer of a graphcheck cassette, else the
 *   answer's `Date` header, else the recorder's clock;
 * - how much time passed on the target between two requests: the recorder's clock plus every control `clock`
 *   advance in between (one timeline, whatever the clock's absolute value);
 * - when each authorization code was issued (a redirect, or a control `authorize` answer, carrying `code`).
 * A control `reset` starts them over: the clock goes back and codes may be issued again.
 */
export class RecordedTrafficFacts implements TrafficFacts {
  /** Target clock minus recorder clock, in ms, from the last control `clock` answer; unknown after a reset. */
  private offsetMs?: number;
  /** The control clock advances seen so far, in ms. */
  private advancedMs = 0;
  private readonly seen = new WeakMap<Exchange, { target: number; timeline: number }>();
  /** Code -> the timeline when the redirect carrying it ended. */
  private readonly issued = new Map<string, number>();

  /**
   * Whether any API request of the traffic carried a credential. A recording without one anywhere was most likely
   * stripped of them (a sanitized HAR export drops `Authorization`), so it cannot show that a request lacked one.
   */
  credentialSeen = false;

  constructor(readonly profile?: Profile) {}

  /** Called for every exchange in recording order, before any rule judges it. */
  observe(exchange: Exchange, body: unknown): void {
    if (exchange.kind === 'control') this.observeClock(exchange, body);
    else if (!this.credentialSeen && (exchange.kind ?? 'api') === 'api') this.credentialSeen = !carriesNoToken(exchange);
    this.seen.set(exchange, { target: this.targetEstimate(exchange), timeline: startOf(exchange) + this.advancedMs });
    const code = issuedCode(exchange, body);
    if (code !== undefined) this.issued.set(code, endOf(exchange) + this.advancedMs);
  }

  reset(): void {
    this.offsetMs = undefined;
    this.issued.clear();
  }

  targetTimeOf(exchange: Exchange): number {
    return this.seen.get(exchange)?.target ?? this.targetEstimate(exchange);
  }

  codeAgeMs(code: string, exchange: Exchange): number | undefined {
    const issued = this.issued.get(stripMarker(code));
    const at = this.seen.get(exchange)?.timeline;
    return issued === undefined || at === undefined ? undefined : at - issued;
  }

  private observeClock(exchange: Exchange, body: unknown): void {
    const status = exchange.response?.status ?? 0;
    if (!/\/clock$/.test(new URL(exchange.request.url).pathname) || status < 200 || status > 299) return;
    const advance = advanceSeconds(exchange);
    if (advance !== undefined) this.advancedMs += advance * 1000;
    const now = (body as { now?: unknown } | undefined)?.now;
    if (typeof now === 'number') this.offsetMs = now * 1000 - endOf(exchange);
  }

  private targetEstimate(exchange: Exchange): number {
    if (this.offsetMs !== undefined) return startOf(exchange) + this.offsetMs;
    const date = Date.parse(headerValue(exchange.response?.headers, 'date') ?? '');
    return Number.isNaN(date) ? startOf(exchange) : date;
  }
}

function startOf(exchange: Exchange): number {
  return exchange.startedAtMs ?? Date.parse(exchange.startedAt);
}

function endOf(exchange: Exchange): number {
  return startOf(exchange) + exchange.durationMs;
}

/** `POST /clock { "advance_seconds": N }` (contract §2). */
function advanceSeconds(exchange: Exchange): number | undefined {
  if (exchange.request.method !== 'POST' || !exchange.request.body) return undefined;
  try {
    const advance = (parseJson(exchange.request.body) as { advance_seconds?: unknown }).advance_seconds;
    return typeof advance === 'number' ? advance : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The code a redirect carries: the `Location` of a 3xx answer, or the `location` of a control `authorize` answer.
 * A code seen again later counts from then: a later issue time never makes an exchange look late.
 */
function issuedCode(exchange: Exchange, body: unknown): string | undefined {
  const status = exchange.response?.status ?? 0;
  const location =
    exchange.kind === 'control'
      ? (body as { location?: unknown } | undefined)?.location
      : status >= 300 && status < 400
        ? headerValue(exchange.response?.headers, 'location')
        : undefined;
  if (typeof location !== 'string' || !location.includes('code=')) return undefined;
  try {
    const code = new URL(location, 'http://x').searchParams.get('code');
    return code ? stripMarker(code) : undefined;
  } catch {
    return undefined;
  }
}

/** The `#_` marker is not part of a code (spec, Authorization window); a client may leave it on (R37). */
function stripMarker(code: string): string {
  return code.replace(/#_$/, '');
}
