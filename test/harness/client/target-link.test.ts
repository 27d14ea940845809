import { afterEach, describe, expect, it, vi } from 'vitest';
import { TargetLink } from '../../../harness/client/target-link.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the link to a target', () => {
  it('--max-rps spaces requests evenly: the fifth of five at 10 a second goes 400 ms after the first', async () => {
    vi.useFakeTimers();
    const link = new TargetLink({ maxRps: 10 });
    const went: number[] = [];
    const start = Date.now();
    const turns = Array.from({ length: 5 }, () => link.turn().then(() => went.push(Date.now() - start)));
    await vi.advanceTimersByTimeAsync(400);
    await Promise.all(turns);
    expect(went).toEqual([0, 100, 200, 300, 400]);
    await link.close();
  });

  it('without a cap, a turn is at once', async () => {
    vi.useFakeTimers();
    const link = new TargetLink();
    let went = false;
    void link.turn().then(() => (went = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(went).toBe(true);
    await link.close();
  });

  it('names the round trip it measured: the median and the slowest of recent answers', async () => {
    const link = new TargetLink();
    expect(link.describeRoundTrip()).toBe('no answer measured yet from this target');
    for (const ms of [20, 22, 21, 90, 19]) link.observe(ms);
    expect(link.describeRoundTrip()).toBe('round trips so far: median 21 ms, slowest 90 ms of the last 5 (5 answers)');
    await link.close();
  });
});
