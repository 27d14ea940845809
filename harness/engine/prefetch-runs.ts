import type { Slots } from './slots.js';

/**
 * Runs `work` on every value, in the values' order of starting, as wide as the run allows: `width` at a time in the
 * rule's own slot (default one), and beside them in any slot free at the moment (never waiting for one, so a rule
 * cannot hold the run up). Used where the pieces are independent: a shared property rule's runs (their names come
 * from `{{unique}}` and the execution's number, and fast-check then reads the outcomes in order, as if it had run
 * them itself) and a sweep's groups (`steps/cases-step.ts`).
 */
export async function prefetchRuns<V, O>(
  values: readonly V[],
  work: (value: V, index: number) => Promise<O>,
  slots?: Slots,
  width = 1,
  /** Whether the value of this place is still wanted; once it says no, no later place is started (left empty). */
  wanted: (index: number) => boolean = () => true,
): Promise<(O | undefined)[]> {
  const outcomes = new Array<O | undefined>(values.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const workers: Promise<void>[] = [];
  const worker = async (ownSlot: boolean): Promise<void> => {
    try {
      while (next < values.length && !failure && wanted(next)) {
        const index = next++;
        widen();
        outcomes[index] = await work(values[index]!, index);
      }
    } catch (error) {
      failure ??= { error };
    } finally {
      if (ownSlot) slots?.release();
    }
  };
  // Another worker for each slot free now while values wait: a new worker takes one before this loop goes on.
  const widen = () => {
    while (slots && next < values.length && !failure && wanted(next) && slots.tryAcquire()) workers.push(worker(true));
  };
  for (let i = 0; i < Math.max(1, width); i++) workers.push(worker(false));
  // Workers added while others run are awaited too: the list grows while this loop reads it.
  for (let i = 0; i < workers.length; i++) await workers[i];
  if (failure) throw failure.error;
  return outcomes;
}
