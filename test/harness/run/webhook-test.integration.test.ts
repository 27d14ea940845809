import type { Server } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CannotJudgeError } from '../../../harness/errors.js';
import type { RunResult } from '../../../harness/model/index.js';
import { type CertificateAuthority, createCertificateAuthority } from '../../../harness/ca/index.js';
import { closedPort } from '../../../harness/content-host/closed-port.js';
import { exitCodeFor } from '../../../harness/verdict/gate.js';
import { selectedRules } from '../../../harness/suite/select-rules.js';
import type { Suite } from '../../../harness/suite/suite.js';
import { runWebhookTest } from '../../helpers/webhook-test.js';
import { type Flaws, SECRET, startSample, TOKEN } from '../../helpers/sample-receivers.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

let ca: CertificateAuthority;
let callbackRules: string[];
let suites: Suite[];
beforeAll(async () => {
  ca = await createCertificateAuthority('developer CA');
  suites = await everyShippedSuite();
  callbackRules = selectedRules(suites, { side: 'callback' }).map(({ rule }) => rule.id);
});

/** A sample receiver over HTTPS, its certificate from a CA passed as --ca: only the flaws asked for are wrong. */
async function testAgainst(flaws: Flaws, extra: { seed?: number } = {}): Promise<RunResult> {
  const sample = await startSample(flaws, await ca.issueServer('127.0.0.1'));
  servers.push(sample.server);
  return runWebhookTest({ callback: sample.url, verifyToken: TOKEN, appSecret: SECRET, caPem: ca.certPem, suites, ...extra });
}

const verdicts = (result: RunResult) =>
  Object.fromEntries(result.results.map((r) => [r.rule.replace('webhook-test.', ''), r.verdict]));
const failedMust = (result: RunResult) =>
  result.results
    .filter((r) => r.strength === 'MUST' && r.verdict === 'failed')
    .map((r) => r.rule.replace('webhook-test.', ''));

describe('webhook-test against sample callback endpoints', () => {
  it('passes a correct receiver: every rule passed (mTLS skipped: not configured), exit code 0', async () => {
    const result = await testAgainst({});
    expect(result.results.map((r) => r.rule)).toEqual(callbackRules);
    const mtls = 'webhook-test.mtls-foreign-client-certificates-refused';
    expect(result.results.filter((r) => r.verdict !== 'passed').map((r) => [r.rule, r.verdict])).toEqual([[mtls, 'skipped']]);
    expect(result.summary).toEqual({ passed: callbackRules.length - 1, failed: 0, warned: 0, skipped: 1, error: 0, known: 0 });
    expect(exitCodeFor(result)).toBe(0);
  });

  it('fails a receiver that skips the verify-token check, on the wrong and near-miss token rules only', async () => {
    const result = await testAgainst({ skipTokenCheck: true });
    expect(failedMust(result)).toEqual(['verification-wrong-token', 'verification-near-miss-tokens']);
    const rule = result.results.find((r) => r.rule.endsWith('verification-wrong-token'));
    // The evidence holds the positive control (the configured token, echoed) first, then the refused request.
    expect(rule?.evidence[0]?.role).toBe('positive-control');
    expect(rule?.findings[0]).toMatchObject({ check: 'callback-refused', exchange: 1 });
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
    // Refusing every notification refuses the advice rules' valid controls too: those cannot be judged (R51).
    const advice = result.results.find((r) => r.rule.endsWith('notification-bad-signature'));
    expect(advice).toMatchObject({ verdict: 'error', reason: expect.stringContaining('refuses the valid request too') });
    expect(rule?.cites[0]?.text).toBe('The endpoint must answer every notification with HTTP 200.');
    expect(exitCodeFor(result)).toBe(1);
  });

  it('fails a receiver that does not echo the challenge, on the echo rule', async () => {
    const result = await testAgainst({ noEcho: true });
    expect(failedMust(result)).toEqual(['verification-echo']);
    const finding = result.results.find((r) => r.rule.endsWith('verification-echo'))?.findings[0];
    expect(finding).toMatchObject({ check: 'answer-echoes', actual: 'OK' });
    expect(finding?.expected).toMatch(/^\d+$/);
  });

  it('reports accepting a forged signature as advice (SHOULD), never as a MUST failure (R14)', async () => {
    const result = await testAgainst({ skipSignature: true });
    const advice = result.results.filter((r) => r.strength === 'SHOULD');
    expect(advice.map((r) => [r.rule.replace('webhook-test.', ''), r.verdict])).toEqual([
      ['notification-bad-signature', 'failed'],
      ['notification-unsigned', 'failed'],
      ['notification-malformed-signature', 'failed'],
      ['notification-legacy-signature-only', 'failed'],
    ]);
    for (const r of advice) expect(r).toMatchObject({ readings: ['R14'], reason: expect.stringMatching(/^advice:/) });
    expect(result.summary.warned).toBe(4);
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

  it('keeps evidence of failures, a replay line with the seed, and never writes the verify token or its near misses', async () => {
    // Evidence is kept for rules that did not pass: a receiver that lets every token and signature through.
    const flaws = { skipTokenCheck: true, skipSignature: true };
    const result = await testAgainst(flaws, { seed: 1234 });
    const again = await testAgainst(flaws, { seed: 1234 });
    const urls = (r: RunResult) => r.results.flatMap((x) => x.evidence.map((e) => e.request.url.replace(/:\d+\//, ':PORT/')));
    expect(urls(result).length).toBeGreaterThan(4);
    expect(urls(again)).toEqual(urls(result));
    const wrong = result.results.find((r) => r.rule.endsWith('verification-wrong-token'));
    expect(result.seed).toBe(1234);
    expect(wrong?.replay).toMatch(/--seed 1234 --rule webhook-test\.verification-wrong-token$/);
    expect(wrong?.replay).not.toContain(SECRET);
    const text = JSON.stringify(result);
    for (const secret of [TOKEN, TOKEN.slice(0, -1) + 'x', SECRET]) expect(text).not.toContain(secret);
    expect(wrong?.evidence[0]).toMatchObject({ kind: 'webhook-verification', role: 'positive-control', response: { status: 200 } });
    const advice = result.results.find((r) => r.rule.endsWith('notification-bad-signature'));
    expect(advice?.evidence[1]).toMatchObject({ kind: 'webhook-notification', request: { headers: { 'content-type': 'application/json' } } });
  });
});

describe('webhook-test over HTTPS and failure to reach', () => {
  it('trusts the endpoint CA given with --ca, and cannot judge without it', async () => {
    const sample = await startSample({}, await ca.issueServer('127.0.0.1'));
    servers.push(sample.server);
    const options = { callback: sample.url, verifyToken: TOKEN, appSecret: SECRET, suites };
    const result = await runWebhookTest({ ...options, caPem: ca.certPem });
    expect(exitCodeFor(result)).toBe(0);
    const error = await runWebhookTest(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CannotJudgeError);
    expect(error).toMatchObject({ code: 'TARGET_UNREACHABLE', message: expect.stringContaining('--ca') });
  });

  it('cannot judge a callback nobody listens on', async () => {
    const callback = `http://127.0.0.1:${await closedPort('127.0.0.1')}/webhook`;
    const error = await runWebhookTest({ callback, verifyToken: 't', appSecret: 's', suites }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'TARGET_UNREACHABLE',
      message: expect.stringContaining('ECONNREFUSED'),
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
      suites,
      rules,
    });
    expect(verdicts(result)).toEqual({ 'notification-batched': 'passed' });
  });
});

describe('webhook-test replay', () => {
  it('a single --rule with the same seed sends the same challenge as the full run', async () => {
    const sample = await startSample({});
    servers.push(sample.server);
    const options = { callback: sample.url, verifyToken: TOKEN, appSecret: SECRET, seed: 99, suites };
    const full = await runWebhookTest(options);
    const rule = 'webhook-test.verification-wrong-token';
    const single = await runWebhookTest({ ...options, rules: [rule] });
    const urlOf = (r: RunResult) => r.results.find((x) => x.rule === rule)?.evidence[0]?.request.url;
    expect(urlOf(single)).toBe(urlOf(full));
  });
});
