import type { SessionPool } from './session-pool.js';

/** The run's slots as runs apart take them: one now if free (never waiting), and back. */
export interface FreeSlots {
  tryAcquire(): boolean;
  release(): void;
}

/** Where the runs of a rule that resets before each run may go besides its own session: the run's slots and sessions. */
export interface RunsApart<W> {
  slots: FreeSlots;
  pool: SessionPool<W>;
}

/** Whether a run may go to a session's world: the values drawn for the rule's own mean the same there. */
export type Accepts<W> = (world: W) => boolean;

/**
 * Runs `work` on every value, each in a session of its own when one can be had: the rule's own session (`own`, fresh)
 * takes them one after the other, and each slot free at the moment with a session the target grants takes them
 * beside it. A rule that resets the target before each run (`reset: each-run`) meets the fixtures in each run either
 * way, so the outcomes are those of its runs one after the other; only the wall changes. `reset` says whether a world
 * must be reset before a run: not before its first, since a session starts from the fixtures.
 */
export async function runApart<V, O, W>(
  values: readonly V[],
  own: W,
  work: (value: V, index: number, world: W, reset: boolean) => Promise<O>,
  apart: RunsApart<W>,
  accepts: Accepts<W>,
): Promise<O[]> {
  const outcomes: O[] = new Array<O>(values.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const workers: Promise<void>[] = [];
  let opening = 0;
  let refused = false;
  const worker = async (world: W): Promise<void> => {
    let used = false;
    while (next < values.length && !failure) {
      const index = next++;
      widen();
      try {
        outcomes[index] = await work(values[index]!, index, world, used);
      } catch (error) {
        failure ??= { error };
      }
      used = true;
    }
  };
  const beside = async (): Promise<void> => {
    opening++;
    const session = await apart.pool.open().finally(() => opening--);
    if (session === 'full' || session === 'none' || refused || !accepts(session.world)) {
      refused ||= session !== 'full' && session !== 'none';
      if (session !== 'full' && session !== 'none') apart.pool.release(session);
      return apart.slots.release();
    }
    try {
      await worker(session.world);
    } finally {
      apart.pool.release(session);
      apart.slots.release();
    }
  };
  // One more worker for each slot free now while values wait, if the target grants it a session.
  const widen = () => {
    while (next + opening < values.length && !failure && !refused && !apart.pool.full && apart.pool.usable && apart.slots.tryAcquire()) workers.push(beside());
  };
  workers.push(worker(own));
  // Workers added while others run are awaited too: the list grows while this loop reads it.
  for (let i = 0; i < workers.length; i++) await workers[i];
  if (failure) throw failure.error;
  return outcomes;
}
