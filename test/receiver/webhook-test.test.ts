import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CannotJudgeError, UserInputError } from '../../harness/errors.js';
import type { RunResult } from '../../harness/model/index.js';
import { createCertificateAuthority } from '../../harness/receiver/index.js';
import { closedPort } from '../../harness/content-host/closed-port.js';
import { exitCodeFor } from '../../harness/run/gate.js';
import { runWebhookTest, WEBHOOK_CHECKS } from '../../harness/webhook-test/index.js';
import { type Flaws, SECRET, startSample, TOKEN } from './sample-receivers.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function testAgainst(flaws: Flaws, extra: { seed?: number } = {}): Promise<RunResult> {
  const sample = await startSample(flaws);
  servers.push(sample.server);
  return runWebhookTest({ callback: sample.url, verifyToken: TOKEN, appSecret: SECRET, ...extra });
}

const verdicts = (result: RunResult) =>
  Object.fromEntries(result.results.map((r) => [r.rule.replace('webhook-test.', ''), r.verdict]));
const failedMust = (result: RunResult) =>
  result.results
    .filter((r) => r.strength === 'MUST' && r.verdict === 'failed')
    .map((r) => r.rule.replace('webhook-test.', ''));

describe('webhook-test against sample callback endpoints', () => {
  it('passes a correct receiver: every rule passed, exit code 0', async () => {
    const result = await testAgainst({});
    expect(result.results.map((r) => r.rule)).toEqual(WEBHOOK_CHECKS.map((c) => c.id));
    expect(result.results.every((r) => r.verdict === 'passed')).toBe(true);
    expect(result.summary).toEqual({ passed: WEBHOOK_CHECKS.length, failed: 0, warned: 0, skipped: 0, error: 0, known: 0 });
    expect(exitCodeFor(result)).toBe(0);
  });

  it('fails a receiver that skips the verify-token check, on the wrong-token rule only', async () => {
    const result = await testAgainst({ skipTokenCheck: true });
    expect(failedMust(result)).toEqual(['verification-wrong-token']);
    const rule = result.results.find((r) => r.rule.endsWith('verification-wrong-token'));
    expect(rule?.findings[0]).toMatchObject({ check: 'wrong-token-refused', exchange: 0 });
    expect(rule?.cites[0]?.text).toContain('must check that `hub.verify_token` equals the configured string');
    expect(exitCodeFor(result)).toBe(1);
  });

  it('fails a receiver that answers 500 on every notification rule', async () => {
    const result = await testAgainst({ answer500: true });
    expect(failedMust(result)).toEqual([
      'notification-changes',
      'notification-changed-fields',
      'notification-batched',
      'notification-duplicate',
      'notification-non-ascii',
    ]);
    const rule = result.results.find((r) => r.rule.endsWith('notification-duplicate'));
    expect(rule?.findings.map((f) => f.actual)).toEqual([500, 500]);
    expect(rule?.cites[0]?.text).toBe('The endpoint must answer every notification with HTTP 200.');
    expect(exitCodeFor(result)).toBe(1);
  });

  it('fails a receiver that does not echo the challenge, on the echo rule', async () => {
    const result = await testAgainst({ noEcho: true });
    expect(failedMust(result)).toEqual(['verification-echo']);
    const finding = result.results[0]?.findings[0];
    expect(finding).toMatchObject({ check: 'challenge-echoed', actual: 'OK' });
    expect(finding?.expected).toMatch(/^\d+$/);
  });

  it('reports accepting a forged signature as advice (SHOULD), never as a MUST failure (R14)', async () => {
    const result = await testAgainst({ skipSignature: true });
    const advice = result.results.find((r) => r.rule.endsWith('notification-bad-signature'));
    expect(advice).toMatchObject({ strength: 'SHOULD', verdict: 'failed', readings: ['R14'] });
    expect(advice?.reason).toMatch(/^advice:/);
    expect(failedMust(result)).toEqual([]);
    expect(exitCodeFor(result)).toBe(0);
  });

  it('catches a receiver that verifies a re-serialised body instead of the raw bytes', async () => {
    const result = await testAgainst({ reserialize: true });
    expect(failedMust(result)).toEqual(['notification-non-ascii']);
    const rule = result.results.find((r) => r.rule.endsWith('notification-non-ascii'));
    expect(rule?.findings.map((f) => f.exchange)).toEqual([1]);
    expect(rule?.evidence[1]?.request.body).toContain('\\/');
  });

  it('keeps evidence, cites, a replay line with the seed, and never writes the verify token', async () => {
    const result = await testAgainst({}, { seed: 1234 });
    const again = await testAgainst({}, { seed: 1234 });
    const urls = (r: RunResult) =>
      r.results.flatMap((x) => x.evidence.map((e) => e.request.url.replace(/:\d+\//, ':PORT/')));
    expect(urls(again)).toEqual(urls(result));
    const [echo] = result.results;
    expect(echo?.seed).toBe(1234);
    expect(echo?.replay).toMatch(/--seed 1234 --rule webhook-test\.verification-echo$/);
    expect(echo?.replay).not.toContain(SECRET);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(echo?.evidence[0]).toMatchObject({ kind: 'webhook-verification', response: { status: 200 } });
    expect(result.results[2]?.evidence[0]?.request.headers).toMatchObject({
      'content-type': 'application/json',
    });
  });
});

describe('webhook-test over HTTPS and failure to reach', () => {
  it('trusts the endpoint CA given with --ca, and cannot judge without it', async () => {
    const ca = await createCertificateAuthority('developer CA');
    const sample = await startSample({}, await ca.issueServer('127.0.0.1'));
    servers.push(sample.server);
    const options = { callback: sample.url, verifyToken: TOKEN, appSecret: SECRET };
    const result = await runWebhookTest({ ...options, caPem: ca.certPem });
    expect(exitCodeFor(result)).toBe(0);
    const error = await runWebhookTest(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CannotJudgeError);
    expect(error).toMatchObject({ code: 'TARGET_UNREACHABLE', message: expect.stringContaining('--ca') });
  });

  it('cannot judge a callback nobody listens on', async () => {
    const callback = `http://127.0.0.1:${await closedPort('127.0.0.1')}/webhook`;
    const error = await runWebhookTest({ callback, verifyToken: 't', appSecret: 's' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'TARGET_UNREACHABLE',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('refuses bad options as user errors before sending anything', async () => {
    const base = { verifyToken: 't', appSecret: 's' };
    await expect(runWebhookTest({ ...base, callback: 'ftp://x/y' })).rejects.toBeInstanceOf(UserInputError);
    await expect(
      runWebhookTest({ ...base, callback: 'http://127.0.0.1:1/', rules: ['nope'] }),
    ).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('webhook-test.verification-echo'),
    });
  });

  it('runs only the rules asked for', async () => {
    const sample = await startSample({});
    servers.push(sample.server);
    const rules = ['webhook-test.notification-batched'];
    const result = await runWebhookTest({
      callback: sample.url,
      verifyToken: TOKEN,
      appSecret: SECRET,
      rules,
    });
    expect(verdicts(result)).toEqual({ 'notification-batched': 'passed' });
  });
});

describe('webhook-test replay', () => {
  it('a single --rule with the same seed sends the same challenge as the full run', async () => {
    const sample = await startSample({});
    servers.push(sample.server);
    const options = { callback: sample.url, verifyToken: TOKEN, appSecret: SECRET, seed: 99 };
    const full = await runWebhookTest(options);
    const rule = 'webhook-test.verification-wrong-token';
    const single = await runWebhookTest({ ...options, rules: [rule] });
    const urlOf = (r: RunResult) => r.results.find((x) => x.rule === rule)?.evidence[0]?.request.url;
    expect(urlOf(single)).toBe(urlOf(full));
  });
});
