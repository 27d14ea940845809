import { describe, expect, it } from 'vitest';
import { DEFAULT_MTLS_CN } from '../../../reference/index.js';
import { resultOf, runWebhookSuites, verdicts } from '../../helpers/run-webhook-suites.js';

// Every rule of the subscriptions and webhooks suites passing, none skipped, is shown on two seeds by the correct runs
// of test/suites/pass/behind-proxy.integration.test.ts (seed 13, fixtures full) and
// test/scripts/every-seed.integration.test.ts (seed 12, fixtures emptied). These are the cases a default run does not
// reach: another mTLS setting, and the retry schedule's faults.

describe('mutual TLS (R46)', () => {
  it('checks the client certificate the reference presents, with the CN its profile names', async () => {
    const result = await runWebhookSuites({ rules: ['webhooks.mtls-client-certificate'], mtls: { cn: 'hooks.example.test' } });
    expect(resultOf(result, 'webhooks.mtls-client-certificate').verdict).toBe('passed');
    expect(DEFAULT_MTLS_CN).not.toBe('hooks.example.test');
  });

  it('is skipped, with the reason, when the profile does not turn mTLS on', async () => {
    const result = await runWebhookSuites({ rules: ['webhooks.mtls-client-certificate', 'webhooks.retry-immediately'], mtls: false });
    const mtls = resultOf(result, 'webhooks.mtls-client-certificate');
    expect(mtls.verdict).toBe('skipped');
    expect(mtls.reason).toContain('webhooks.mtls');
    expect(resultOf(result, 'webhooks.retry-immediately').verdict).toBe('passed');
  });

  it('fails when the target presents no client certificate', async () => {
    const result = await runWebhookSuites({ rules: ['webhooks.mtls-client-certificate'], faults: ['webhooks-mtls-no-client-cert'] });
    expect(resultOf(result, 'webhooks.mtls-client-certificate').verdict).toBe('failed');
  });
});

describe('the 36-hour retry schedule, on the target clock', () => {
  const rules = ['webhooks.retry-immediately', 'webhooks.retry-schedule-36h', 'webhooks.retry-until-delivered'];

  it('passes against the correct schedule (immediately, then 1 min .. 12 h apart, ~20.6 h in all)', async () => {
    const result = await runWebhookSuites({ rules });
    expect(verdicts(result)).toEqual(Object.fromEntries(rules.map((r) => [r, 'passed'])));
  });

  it('finds a retry later than 36 hours after the first attempt, and shows when it came', async () => {
    const result = await runWebhookSuites({ rules: ['webhooks.retry-schedule-36h'], faults: ['webhooks-retry-past-36h'] });
    const rule = resultOf(result, 'webhooks.retry-schedule-36h');
    expect(rule.verdict).toBe('failed');
    // Past 36 h and a minute the clock goes to 72 h in one move (fine_until): the late attempt is dated by it.
    expect(rule.reason).toMatch(/came between 36\.\d h and 72\.0 h after the first, past the 36 h retry window/);
    const attempts = rule.evidence.filter((e) => e.kind === 'webhook-notification');
    const times = attempts.map((e) => e.targetTime!.from);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(36 * 3600);
    expect(attempts.every((e) => e.response?.status !== 200)).toBe(true);
  });

  it('finds shrinking intervals and a missing immediate retry', async () => {
    const shrinking = await runWebhookSuites({ rules: ['webhooks.retry-schedule-36h'], faults: ['webhooks-shrinking-intervals'] });
    expect(resultOf(shrinking, 'webhooks.retry-schedule-36h').reason).toMatch(/intervals do not grow/);
    const late = await runWebhookSuites({ rules: ['webhooks.retry-immediately'], faults: ['webhooks-no-immediate-retry'] });
    expect(resultOf(late, 'webhooks.retry-immediately').reason).toMatch(/came [\d.]+ s later in real time, while the clock was being moved \(on the target clock between \d+ and \d+ s later\), not immediately/);
  });

  it('finds an update that is never retried although the receiver recovers', async () => {
    const result = await runWebhookSuites({ rules: ['webhooks.retry-until-delivered'], faults: ['webhooks-no-retry'] });
    const rule = resultOf(result, 'webhooks.retry-until-delivered');
    expect(rule.verdict).toBe('failed');
    expect(rule.counterexample).toMatchObject({ failures: 1 });
  });
});
