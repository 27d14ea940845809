import type { UnixSeconds, VirtualClock } from './types.js';

/** 2026-01-01T00:00:00Z: every run starts here, whatever the wall clock says. */
export const CLOCK_START: UnixSeconds = Date.UTC(2026, 0, 1) / 1000;

export interface ResettableClock extends VirtualClock {
  /** Back to `CLOCK_START`; hooks stay registered. */
  reset(): void;
}

/**
 * A clock that never ticks on its own. Advances are serialised: a second advance waits for the first one's
 * hooks, so "everything due by the new time has happened" holds for each answer.
 */
export function createVirtualClock(start: UnixSeconds = CLOCK_START): ResettableClock {
  let now = start;
  const hooks: Array<(now: UnixSeconds) => Promise<void> | void> = [];
  let queue: Promise<unknown> = Promise.resolve();

  const advanceNow = async (seconds: number): Promise<UnixSeconds> => {
    now += seconds;
    const target = now;
    for (const hook of hooks) await hook(target);
    return target;
  };

  return {
    now: () => now,
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) {
        return Promise.reject(
          new RangeError(`advance_seconds must be a non-negative number, got ${seconds}`),
        );
      }
      const run = queue.then(() => advanceNow(seconds));
      queue = run.catch(() => undefined);
      return run;
    },
    onAdvance: (hook) => {
      hooks.push(hook);
    },
    reset: () => {
      now = start;
    },
  };
}

/** `YYYY-MM-DDThh:mm:ss+0000`, the shape the interface's samples use for times. */
export function formatGraphTime(seconds: UnixSeconds): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000');
}
