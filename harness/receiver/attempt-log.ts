import { dedupe } from '../notification/dedupe.js';
import type { Attempt, DeliverySnapshot, FailureMode, Verification, WaitResult } from './types.js';
import { updatesOf } from '../notification/updates-of.js';

interface Waiter {
  predicate: (snapshot: DeliverySnapshot) => boolean;
  resolve: (result: WaitResult) => void;
  timer: NodeJS.Timeout;
}

/** The receiver's memory: what arrived, what is scheduled to fail, and who is waiting for deliveries. */
export interface AttemptLog {
  nextSeq(): number;
  addAttempt(attempt: Attempt): void;
  addVerification(verification: Verification): void;
  attempts(): Attempt[];
  verifications(): Verification[];
  failNext(k: number, how: FailureMode): void;
  /** The failure to apply to the attempt arriving now, if one is pending. */
  takeFailure(): FailureMode | undefined;
  waitFor(predicate: Waiter['predicate'], realTimeoutMs: number): Promise<WaitResult>;
  clear(): void;
  /** Resolves every waiter as unsatisfied (the receiver is closing). */
  release(): void;
}

export function createAttemptLog(): AttemptLog {
  let seq = 0;
  let attempts: Attempt[] = [];
  let verifications: Verification[] = [];
  let failures: FailureMode[] = [];
  const waiters = new Set<Waiter>();

  const snapshot = (): DeliverySnapshot => {
    const acknowledged = attempts.filter((a) => 'status' in a.answered && a.answered.status === 200);
    return { attempts: [...attempts], delivered: dedupe(updatesOf(acknowledged)) };
  };
  const settle = (waiter: Waiter, satisfied: boolean, current: DeliverySnapshot) => {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.resolve({ ...current, satisfied });
  };
  const check = () => {
    if (waiters.size === 0) return;
    const current = snapshot();
    for (const waiter of [...waiters]) {
      if (waiter.predicate(current)) settle(waiter, true, current);
    }
  };

  return {
    nextSeq: () => ++seq,
    addAttempt: (attempt) => {
      inArrivalOrder(attempts, attempt);
      check();
    },
    addVerification: (verification) => inArrivalOrder(verifications, verification),
    attempts: () => [...attempts],
    verifications: () => [...verifications],
    failNext: (k, how) => {
      failures.push(...Array.from({ length: k }, () => how));
    },
    takeFailure: () => failures.shift(),
    waitFor: (predicate, realTimeoutMs) =>
      new Promise<WaitResult>((resolve) => {
        const current = snapshot();
        if (predicate(current)) return resolve({ ...current, satisfied: true });
        const waiter: Waiter = {
          predicate,
          resolve,
          timer: setTimeout(() => settle(waiter, false, snapshot()), realTimeoutMs),
        };
        waiters.add(waiter);
      }),
    clear: () => {
      attempts = [];
      verifications = [];
      failures = [];
    },
    release: () => {
      for (const waiter of [...waiters]) settle(waiter, false, snapshot());
    },
  };
}

/**
 * Records are complete only after the body and the target clock are read, which can finish out of order;
 * `seq` was taken on arrival, so inserting by it keeps the log in arrival order.
 */
function inArrivalOrder<T extends { seq: number }>(list: T[], item: T): void {
  let at = list.length;
  while (at > 0 && (list[at - 1]?.seq ?? 0) > item.seq) at--;
  list.splice(at, 0, item);
}
