import { nextOrdinal } from './arrival-order.js';
import { preciseNowMs } from '../precise-now.js';
import { createAttemptLog } from './attempt-log.js';
import type { Attempt, Receiver, Verification } from './types.js';

/** An arrival as a cassette kept it; the receiver stamps order and real time when it is delivered. */
export type RecordedArrival = Omit<Attempt, Stamped> | Omit<Verification, Stamped>;
type Stamped = 'seq' | 'realArrivalMs' | 'preciseMs' | 'ordinal';

export interface VirtualReceiver extends Receiver {
  /** Logs a recorded arrival as if it reached this receiver now. */
  deliver(arrival: RecordedArrival): void;
}

/**
 * A receiver at a recorded address that listens on nothing (an offline repeat): arrivals are handed to it as
 * the replay reaches the exchange during which they came. Scheduled failures are already in the recorded
 * answers, so `failNext` changes nothing.
 */
export function virtualReceiver(url: string): VirtualReceiver {
  const log = createAttemptLog();
  return {
    url,
    callbackUrl: (path = '/webhook') => url + (path.startsWith('/') ? path : `/${path}`),
    attempts: log.attempts,
    verifications: log.verifications,
    failNext: () => undefined,
    waitForUpdates: (predicate, { realTimeoutMs }) => log.waitFor(predicate, realTimeoutMs),
    clear: log.clear,
    close: async () => log.release(),
    deliver: (arrival) => {
      const stamped = {
        ...arrival,
        seq: log.nextSeq(),
        realArrivalMs: Date.now(),
        preciseMs: preciseNowMs(),
        ordinal: nextOrdinal(),
      };
      if ('rawBody' in stamped) log.addAttempt(stamped);
      else log.addVerification(stamped);
    },
  };
}
