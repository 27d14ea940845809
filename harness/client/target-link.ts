import { Agent, type Dispatcher } from 'undici';

/** How many answers the measured round trip is the median of: recent ones, so it follows the target's load. */
const ROUND_TRIPS_KEPT = 200;

export interface TargetLinkOptions {
  /** At most this many requests a second (`--max-rps`), spaced evenly; absent: no cap. */
  maxRps?: number;
}

/**
 * How one run reaches its target: one keep-alive pool for every request it sends (the API and the control
 * protocol alike), its idle connections reused by whichever rule sends next, not capped (see the constructor); the
 * round trip it measured, which a timeout names; and the request rate it may not pass. Closed with the run.
 */
export class TargetLink {
  readonly dispatcher: Dispatcher;
  private readonly roundTrips: number[] = [];
  private measured = 0;
  private nextTurn = 0;

  constructor(private readonly options: TargetLinkOptions = {}) {
    // A step may send a burst at once (`parallel`, an exchange `at_once`: up to 20 codes at the same moment), and
    // queuing it behind a pool the size of the concurrency would space out what must arrive together: connections
    // open as requests need them, are reused while idle, and close once idle past the keep-alive.
    this.dispatcher = new Agent({
      connections: null,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      pipelining: 1,
    });
  }

  /** Waits for this request's turn under `--max-rps`; at once without a cap. */
  async turn(): Promise<void> {
    const { maxRps } = this.options;
    if (!maxRps) return;
    const now = Date.now();
    const at = Math.max(now, this.nextTurn);
    this.nextTurn = at + 1000 / maxRps;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  /** An answer came after `ms`: the round trip a timeout will name. */
  observe(ms: number): void {
    this.measured++;
    this.roundTrips.push(ms);
    if (this.roundTrips.length > ROUND_TRIPS_KEPT) this.roundTrips.shift();
  }

  /** The median of the recent round trips, in milliseconds; undefined before the first answer. */
  medianRoundTripMs(): number | undefined {
    if (this.roundTrips.length === 0) return undefined;
    return [...this.roundTrips].sort((a, b) => a - b)[Math.floor(this.roundTrips.length / 2)];
  }

  /** `round trips so far: median 21 ms, slowest 48 ms (812 answers)`, or that none was measured yet. */
  describeRoundTrip(): string {
    if (this.roundTrips.length === 0) return 'no answer measured yet from this target';
    const sorted = [...this.roundTrips].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return `round trips so far: median ${Math.round(median)} ms, slowest ${Math.round(sorted.at(-1)!)} ms of the last ${sorted.length} (${this.measured} answers)`;
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
