import type { Slots } from './slots.js';

/**
 * Runs `work` on every value, in the values' order of starting, as wide as the run allows: `width` at a time in the
 * rule's own slot (default one), and beside them in any slot free at the moment (never waiting for one, so a rule
 * cannot hold the run up). Used where the pieces are independent: a shared property rule's runs (their names come
 * from `{{unique}}` and the execution's number, and fast-check then reads the outcomes in order, as if it had run
 * them itself) and a sweep's groups (`steps/cases-step.ts`).
 */
export async function prefetchRuns<V, O>(values: readonly V[], work: (value: V, index: number) => Promise<O>, slots?: Slots, width = 1): Promise<O[]> {
  const outcomes: O[] = new Array<O>(values.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const workers: Promise<void>[] = [];
  const worker = async (ownSlot: boolean): Promise<void> => {
    try {
      while (next < values.length && !failure) {
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
    while (slots && next < values.length && !failure && slots.tryAcquire()) workers.push(worker(true));
  };
  for (let i = 0; i < Math.max(1, width); i++) workers.push(worker(false));
  // Workers added while others run are awaited too: the list grows while this loop reads it.
  for (let i = 0; i < workers.length; i++) await workers[i];
  if (failure) throw failure.error;
  return outcomes;
}
