import { describe, expect, it } from 'vitest';
import { run } from '../../../bin/api.js';
import { planFromFlags } from '../../../bin/plan-from-flags.js';
import { webhookTestPlan } from '../../../bin/webhook-test-plan.js';
import { PlanOptionError, UserInputError } from '../../../harness/errors.js';
import { callbackPlanOf, planOf, trafficPlanOf } from '../../../harness/run/plan-of.js';

/** The error `make` throws (sync or not). */
async function refusal(make: () => unknown): Promise<UserInputError> {
  try {
    await make();
  } catch (error) {
    expect(error).toBeInstanceOf(UserInputError);
    return error as UserInputError;
  }
  throw new Error('not refused');
}

describe('planOf: typed options to a plan, a wrong one refused by its name', () => {
  it('the library refuses run({ seed: -1 }) naming seed, before anything runs', async () => {
    const error = await refusal(() => run({ seed: -1, reportDir: '/nonexistent/never-written' }));
    expect(error).toBeInstanceOf(PlanOptionError);
    expect((error as PlanOptionError).option).toBe('seed');
    expect(error.code).toBe('USAGE');
    expect(error.message).toBe('seed -1: expected a whole number from 0 to 4294967295');
  });

  it('the command line says the same with the flag it was typed as', async () => {
    const error = await refusal(() => planFromFlags({ seed: '-1' }));
    expect(error).not.toBeInstanceOf(PlanOptionError);
    expect(error.message).toBe('--seed -1: expected a whole number from 0 to 4294967295');
    expect((await refusal(() => planFromFlags({ timeout: '0' }))).message).toMatch(/^--timeout 0: /);
    expect((await refusal(() => planFromFlags({ updateBaseline: true }))).message).toBe('--update-baseline writes the baseline file: give it with --baseline FILE');
    expect((await refusal(() => planFromFlags({ record: 'a', cassette: 'b' }))).message).toBe('--record and --cassette exclude each other; pick one');
  });

  it('each option is named as the caller wrote it', async () => {
    const named = async (make: () => unknown) => ((await refusal(make)) as PlanOptionError).option;
    expect(await named(() => planOf({ timeoutMs: 0 }))).toBe('timeoutMs');
    expect(await named(() => planOf({ runs: 1.5 }))).toBe('runs');
    expect(await named(() => planOf({ concurrency: 300 }))).toBe('concurrency');
    expect(await named(() => planOf({ shard: '4/3' }))).toBe('shard');
    expect(await named(() => planOf({ shard: { index: 0, count: 3 } }))).toBe('shard');
    expect(await named(() => planOf({ formats: ['pdf' as 'json'] }))).toBe('formats');
    expect(await named(() => planOf({ target: 'ftp://x' }))).toBe('target');
    expect(await named(() => planOf({ maxWaitMs: -5 }))).toBe('maxWaitMs');
    expect(await named(() => planOf({}, { max_wait: '25h' }))).toBe('maxWaitMs');
    expect(await named(() => planOf({ target: 'http://x', faults: ['a'] }))).toBe('faults');
    expect(await named(() => callbackPlanOf({ callback: 'http://x', verifyToken: '', appSecret: 's' }))).toBe('verifyToken');
    expect(await named(() => trafficPlanOf({ cassette: 'c', side: 'app' as 'client' }))).toBe('side');
    expect((await refusal(() => webhookTestPlan({ callback: 'http://x', verifyToken: 'v', appSecret: 's', clientCa: 'd' }))).message).toMatch(/^--client-ca needs --client-cn/);
  });

  it('typed values make the plan the flags make', () => {
    const options = planOf({ seed: 5, runs: 3, timeoutMs: 5000, shard: { index: 2, count: 3 }, formats: ['json'], maxWaitMs: 90_000 });
    const flags = planFromFlags({ seed: '5', runs: '3', timeout: '5000', shard: '2/3', format: ['json'], maxWait: '90s' });
    expect(options).toEqual(flags);
    expect(options).toMatchObject({ seed: 5, seedGiven: true, runs: 3, timeoutMs: 5000, selection: { shard: { index: 2, count: 3 } }, maxWaitMs: 90_000 });
  });
});
