/**
 * The target's clock as the run's control clients last read or moved it. Webhook arrivals are dated from it
 * without asking the target: a target may be busy making the very callback that arrives (a verification GET
 * during POST /subscriptions, deliveries during POST /clock) and, served by one thread, could not answer a
 * clock read until the callback ends. A `reset` puts the clock back to where it started, unknown until read.
 */
export class ClockMemory {
  private value: number | undefined;
  private moved = 0;

  seen(now: number): number {
    this.value = now;
    return now;
  }

  /** A reset: the clock is back where it started. */
  forget(): void {
    this.value = undefined;
    this.moved = 0;
  }

  advanced(seconds: number): void {
    this.moved += seconds;
  }

  /** Seconds the run has moved the clock since the target's state (and clock) was last reset. */
  movedSinceReset(): number {
    return this.moved;
  }

  latest(): number | undefined {
    return this.value;
  }
}
