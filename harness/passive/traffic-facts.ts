import type { TrafficFacts } from '../checks/traffic-facts.js';
import { headerValue } from '../headers.js';
import type { Exchange } from '../model/index.js';
import type { Profile } from '../profile/profile.js';

/**
 * Facts gathered while the traffic streams past, for checks that judge one exchange against others: the target's
 * clock (from control `clock` answers, else the answer's `Date` header, else the recorder's clock) and when each
 * authorization code was issued (a redirect, or a control `authorize` answer, carrying `code`). A control `reset`
 * starts both over: the clock goes back and codes may be issued again.
 */
export class RecordedTrafficFacts implements TrafficFacts {
  /** Target clock minus recorder clock, in ms, from the last control `clock` answer; unknown after a reset. */
  private offsetMs?: number;
  private readonly times = new WeakMap<Exchange, number>();
  private readonly issued = new Map<string, number>();

  constructor(readonly profile?: Profile) {}

  /** Called for every exchange in recording order, before any rule judges it. */
  observe(exchange: Exchange, body: unknown): void {
    const clock = exchange.kind === 'control' ? clockReading(exchange, body) : undefined;
    if (clock !== undefined) this.offsetMs = clock - endOf(exchange);
    this.times.set(exchange, this.estimate(exchange));
    const code = issuedCode(exchange, body);
    if (code !== undefined) this.issued.set(code, this.estimate(exchange) + exchange.durationMs);
  }

  reset(): void {
    this.offsetMs = undefined;
    this.issued.clear();
  }

  targetTimeOf(exchange: Exchange): number {
    return this.times.get(exchange) ?? this.estimate(exchange);
  }

  codeIssuedAt(code: string): number | undefined {
    return this.issued.get(stripMarker(code));
  }

  private estimate(exchange: Exchange): number {
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

/** `{ "now": <unix seconds> }` from control `GET` or `POST /clock`, in ms. */
function clockReading(exchange: Exchange, body: unknown): number | undefined {
  if (!/\/clock$/.test(new URL(exchange.request.url).pathname)) return undefined;
  const now = (body as { now?: unknown } | undefined)?.now;
  return typeof now === 'number' ? now * 1000 : undefined;
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
