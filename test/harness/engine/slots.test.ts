import { describe, expect, it } from 'vitest';
import { prefetchRuns } from '../../../harness/engine/prefetch-runs.js';
import { Slots } from '../../../harness/engine/slots.js';

/** A piece of work that ends when the test says, so what runs at once is seen without any timing. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('slots', () => {
  it('serves waiters in the order they asked, and tryAcquire never jumps the queue', async () => {
    const slots = new Slots(1);
    await slots.acquire();
    const order: string[] = [];
    const first = slots.acquire().then(() => order.push('first'));
    const second = slots.acquire().then(() => order.push('second'));
    expect(slots.tryAcquire()).toBe(false);
    slots.release();
    await first;
    slots.release();
    await second;
    expect(order).toEqual(['first', 'second']);
    slots.release();
    expect(slots.tryAcquire()).toBe(true);
  });
});

describe('runs made ahead', () => {
  it('one at a time without free slots, in order', async () => {
    const started: number[] = [];
    const out = await prefetchRuns([10, 20, 30], async (v, i) => {
      started.push(i);
      return v * 2;
    });
    expect(out).toEqual([20, 40, 60]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('widens into the slots free at the moment and gives them back, outcomes in the values order', async () => {
    const slots = new Slots(3);
    const gates = [gate(), gate(), gate(), gate()];
    let atOnce = 0;
    let most = 0;
    const running = prefetchRuns([0, 1, 2, 3], async (v) => {
      most = Math.max(most, ++atOnce);
      await gates[v]!.opened;
      atOnce--;
      return `run ${v}`;
    }, slots);
    await settle();
    // Its own slot and the three free ones.
    expect(most).toBe(4);
    expect(slots.tryAcquire()).toBe(false);
    for (const g of [...gates].reverse()) g.open();
    expect(await running).toEqual(['run 0', 'run 1', 'run 2', 'run 3']);
    expect([slots.tryAcquire(), slots.tryAcquire(), slots.tryAcquire(), slots.tryAcquire()]).toEqual([true, true, true, false]);
  });

  it('runs `width` at once within its own slot when no slot is free, and takes none of the run\'s', async () => {
    const slots = new Slots(2);
    await slots.acquire();
    await slots.acquire();
    const gates = [gate(), gate(), gate(), gate(), gate()];
    let atOnce = 0;
    let most = 0;
    const running = prefetchRuns([0, 1, 2, 3, 4], async (v) => {
      most = Math.max(most, ++atOnce);
      await gates[v]!.opened;
      atOnce--;
      return v;
    }, slots, 3);
    await settle();
    expect(most).toBe(3);
    gates.forEach((g) => g.open());
    expect(await running).toEqual([0, 1, 2, 3, 4]);
    expect(slots.tryAcquire()).toBe(false);
  });

  it('a failing run stops the others from starting and the error comes out once the started ones ended', async () => {
    const slots = new Slots(1);
    const seen: number[] = [];
    const error = await prefetchRuns([0, 1, 2], async (v) => {
      seen.push(v);
      if (v === 1) throw new Error('boom');
      return v;
    }, slots).catch((e: unknown) => e);
    expect((error as Error).message).toBe('boom');
    expect([...seen].sort()).toEqual([0, 1]);
    expect(slots.tryAcquire()).toBe(true);
  });
});
