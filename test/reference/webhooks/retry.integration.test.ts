import { describe, expect, it } from 'vitest';
import { type ReceiverOptions, T0, type TestDepsOptions } from '../../helpers/reference/webhooks-receiver.js';
import { useWebhookTestBed } from '../../helpers/reference/webhooks-test-bed.js';

const HOUR = 3600;
const bed = useWebhookTestBed();

/** A subscribed service whose receiver fails `failPosts` POSTs; one update has been accepted at T0. */
async function failing(receiver: ReceiverOptions, deps: TestDepsOptions = {}) {
  const subscribed = await bed.subscribed({ receiver, deps });
  await subscribed.accept([{ object: 'page', id: '1', field: 'feed', value: { n: 1 } }]);
  return subscribed;
}

function intervals(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}

describe('retries', () => {
  it('retries at once, then at strictly growing intervals within 36 h, then drops (R21)', async () => {
    const { advanceTo, times, svc } = await failing({ failPosts: 1000 });
    expect(times()).toEqual([T0, T0]);
    await advanceTo(T0 + 36 * HOUR);
    const all = times();
    expect(all.length).toBeGreaterThanOrEqual(4);
    const gaps = intervals(all);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1] as number);
    expect((all.at(-1) as number) - T0).toBeLessThanOrEqual(36 * HOUR);
    await advanceTo(T0 + 100 * HOUR);
    expect(times()).toEqual(all);
    expect(svc.deliveries().map((d) => d.at)).toEqual(all);
  });

  it('stamps each retry with its own due time whether the clock moves in steps or at once', async () => {
    const once = await failing({ failPosts: 1000 });
    await once.advanceTo(T0 + 40 * HOUR);
    const stepped = await failing({ failPosts: 1000 });
    for (let now = T0; now <= T0 + 40 * HOUR; now += 30 * 60) await stepped.advanceTo(now);
    expect(stepped.times()).toEqual(once.times());
  });

  it('attempts nothing before a retry is due', async () => {
    const { advanceTo, times } = await failing({ failPosts: 1000 });
    await advanceTo(T0 + 59);
    expect(times()).toHaveLength(2);
    await advanceTo(T0 + 60);
    expect(times()).toEqual([T0, T0, T0 + 60]);
  });

  it('stops once the receiver acknowledges', async () => {
    const { advanceTo, times } = await failing({ failPosts: 3 });
    await advanceTo(T0 + 36 * HOUR);
    expect(times()).toEqual([T0, T0, T0 + 60, T0 + 360]);
  });

  it('treats a reset connection as a failure and logs it', async () => {
    const { svc, times } = await failing({ failPosts: 1, failMode: 'reset' });
    expect(times()).toEqual([T0, T0]);
    const [first, second] = svc.deliveries();
    expect(first).toMatchObject({ at: T0, status: null, error: expect.any(String) });
    expect(second).toMatchObject({ at: T0, status: 200 });
  });

  it('treats a receiver that does not answer in time as a failure', async () => {
    const { svc } = await failing({ failPosts: 1, failMode: 'hang' }, { timeoutsMs: { delivery: 150 } });
    expect(svc.deliveries().map((d) => d.status)).toEqual([null, 200]);
    expect(svc.deliveries()[0]?.error).toMatch(/150 ms/);
  });

  it('drops pending retries while the app is not Live', async () => {
    const { advanceTo, times, state } = await failing({ failPosts: 1000 });
    state.live = false;
    await advanceTo(T0 + HOUR);
    state.live = true;
    await advanceTo(T0 + 36 * HOUR);
    expect(times()).toEqual([T0, T0]);
  });

  it('retries every failed batch, each in time order', async () => {
    const { accept, advanceTo, times } = await bed.subscribed({ receiver: { failPosts: 1000 } });
    await accept(Array.from({ length: 1500 }, (_, n) => ({ object: 'page', id: String(n), field: 'feed', value: n })));
    await advanceTo(T0 + 400);
    const stamps = times();
    expect(stamps).toEqual([T0, T0, T0, T0, T0 + 60, T0 + 60, T0 + 360, T0 + 360]);
  });
});
