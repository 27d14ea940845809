import { describe, expect, it } from 'vitest';
import { planOf } from '../../harness/run/plan-of.js';
import { planFromFlags } from '../../bin/plan-from-flags.js';
import { UserInputError } from '../../harness/errors.js';
import { concurrencyFor } from '../../harness/engine/slots.js';
import { replayCommand } from '../../harness/run/replay-command.js';

function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserInputError);
    return (error as UserInputError).message;
  }
  throw new Error('no usage error');
}

describe('how fast a run goes', () => {
  it('--concurrency, else the config file, else the default; --max-rps likewise, and no cap without it', () => {
    expect(planFromFlags({})).toMatchObject({ concurrency: 'by-round-trip' });
    expect(planFromFlags({}).maxRps).toBeUndefined();
    expect(planFromFlags({}, { concurrency: 3, max_rps: 40 })).toMatchObject({ concurrency: 3, maxRps: 40 });
    expect(planFromFlags({ concurrency: '1', maxRps: '5' }, { concurrency: 3, max_rps: 40 })).toMatchObject({ concurrency: 1, maxRps: 5 });
  });

  it('by the round trip: 8 at once on loopback, more as the measured round trip grows, at most 32; a given number as given', () => {
    expect([undefined, 0, 0.4, 2, 10, 12, 20, 100].map((ms) => concurrencyFor('by-round-trip', ms))).toEqual([8, 8, 9, 12, 28, 32, 32, 32]);
    expect(concurrencyFor(3, 100)).toBe(3);
    expect(concurrencyFor(undefined, 100)).toBe(1);
  });

  it('--max-wait, else the config file\'s max_wait, as milliseconds; absent, the engine\'s default bound applies', () => {
    expect(planFromFlags({}).maxWaitMs).toBeUndefined();
    expect(planFromFlags({ maxWait: '90s' }).maxWaitMs).toBe(90_000);
    expect(planFromFlags({}, { max_wait: '10m' }).maxWaitMs).toBe(600_000);
    expect(planFromFlags({}, { max_wait: 0 }).maxWaitMs).toBe(0);
    expect(planFromFlags({ maxWait: '1500ms' }, { max_wait: '10m' }).maxWaitMs).toBe(1500);
    expect(planFromFlags({ maxWait: '1.5h' }).maxWaitMs).toBe(5_400_000);
    expect(planOf({ maxWaitMs: 2000 }).maxWaitMs).toBe(2000);
    for (const bad of ['300', '5 minutes', '-1s', '25h', '']) expect(usage(() => planFromFlags({ maxWait: bad }))).toMatch(/^--max-wait .*: not a duration; give one such as 90s, 5m or 1h/);
  });

  it('a recording and its repeat run one rule at a time; asking for more with them is a usage error', () => {
    expect(planFromFlags({ record: 'run.yaml' }).concurrency).toBe(1);
    expect(planFromFlags({ cassette: 'run.yaml' }).concurrency).toBe(1);
    expect(usage(() => planFromFlags({ record: 'run.yaml', concurrency: '4' }))).toMatch(/--concurrency 4: --record keeps each rule's traffic apart/);
  });

  it('refuses what is not a whole number in range, naming the flag', () => {
    expect(usage(() => planFromFlags({ concurrency: '0' }))).toMatch(/--concurrency/);
    expect(usage(() => planFromFlags({ concurrency: 'many' }))).toMatch(/--concurrency/);
    expect(usage(() => planFromFlags({ maxRps: '-1' }))).toMatch(/--max-rps/);
  });

  it('the replay line keeps --max-rps (the target must not be pushed) and leaves --concurrency out (it changes no verdict)', () => {
    const plan = planFromFlags({ target: 'http://127.0.0.1:9', concurrency: '16', maxRps: '20', seed: '5' });
    expect(replayCommand(plan, 'feed.post-returns-id')).toBe('graphcheck run --rule feed.post-returns-id --seed 5 --target http://127.0.0.1:9 --max-rps 20');
  });
});
