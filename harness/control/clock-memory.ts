/**
 * The target's clock as the run's control clients last read or moved it. Webhook arrivals are dated from it
 * without asking the target: a target may be busy making the very callback that arrives (a verification GET
 * during POST /subscriptions, deliveries during POST /clock) and, served by one thread, could not answer a
 * clock read until the callback ends. A `reset` puts the clock back to where it started, unknown until read.
 */
export class ClockMemory {
  private value: number | undefined;

  seen(now: number): number {
    this.value = now;
    return now;
  }

  forget(): void {
    this.value = undefined;
  }

  latest(): number | undefined {
    return this.value;
  }
}
