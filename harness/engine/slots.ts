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
