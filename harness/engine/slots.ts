/**
 * Rule executions at once unless `--concurrency` says: `by-round-trip`, from the target's measured round trip.
 * On loopback the run is bound by the CPU of two processes, and 8 keeps both busy; across a network each execution
 * mostly waits, and more of them at once fill the wait: `8 + 2 x` the median round trip in milliseconds, at most
 * 32 (32 from a 12 ms round trip; bench/README.md, issue 33: at 20 ms, 8 at once took 26 s, 32 took 17 s).
 */
export type Concurrency = number | 'by-round-trip';
export const LOOPBACK_CONCURRENCY = 8;
export const MOST_CONCURRENCY = 32;

/** The executions at once a run's `Concurrency` comes to, given the target's median round trip so far. */
export function concurrencyFor(concurrency: Concurrency | undefined, roundTripMs: number | undefined): number {
  if (concurrency === undefined) return 1;
  if (concurrency !== 'by-round-trip') return Math.max(1, concurrency);
  return Math.min(MOST_CONCURRENCY, Math.round(LOOPBACK_CONCURRENCY + 2 * (roundTripMs ?? 0)));
}

/**
 * How many executions of rules may be at work on the target at once (`--concurrency`): a counting semaphore whose
 * waiters are served in the order they asked, so rules start in the run's order.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** A slot now if one is free (a rule widening its own work), else none: never waits. */
  tryAcquire(): boolean {
    if (this.free === 0 || this.waiting.length > 0) return false;
    this.free--;
    return true;
  }

  /** Resolves once a slot is this caller's. */
  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
