import type { Server } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCertificateAuthority, createSelfSignedLeaf, type IssuedCertificate } from '../../../harness/ca/index.js';
import { buildCertificate, newKeyPair, signingKeyOf } from '../../../harness/ca/x509.js';
import type { RunResult } from '../../../harness/model/index.js';
import { exitCodeFor, summarize } from '../../../harness/verdict/gate.js';
import type { Suite } from '../../../harness/suite/suite.js';
import { runWebhookTest, type WebhookTestRun } from '../../helpers/webhook-test.js';
import { type Flaws, type MtlsSetup, SECRET, startSample, TOKEN } from '../../helpers/sample-receivers.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

/** Issue 10's receiver rules, each against a correct small receiver on loopback and the faulty ones it must catch. */
const servers: Server[] = [];
afterEach(async () => {
  const started = servers.splice(0);
  for (const s of started) s.closeAllConnections();
  await Promise.all(started.map((s) => new Promise((resolve) => s.close(resolve))));
});

let ca: CertificateAuthority;
let suites: Suite[];
beforeAll(async () => {
  ca = await createCertificateAuthority('developer CA');
  suites = await everyShippedSuite();
});

async function judge(
  flaws: Flaws,
  options: { cert?: IssuedCertificate | 'none'; caPem?: string | 'none'; mtls?: MtlsSetup; rules?: string[]; extra?: Partial<WebhookTestRun> } = {},
): Promise<RunResult> {
  const cert = options.cert === 'none' ? undefined : (options.cert ?? (await ca.issueServer('127.0.0.1')));
  const sample = await startSample(flaws, cert, options.mtls);
  servers.push(sample.server);
  const caPem = options.caPem === 'none' ? undefined : (options.caPem ?? ca.certPem);
  return runWebhookTest({
    callback: sample.url,
    verifyToken: TOKEN,
    appSecret: SECRET,
    suites,
    ...(caPem ? { caPem } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    ...options.extra,
  });
}

const rule = (result: RunResult, id: string) => result.results.find((r) => r.rule === `webhook-test.${id}`)!;
const notPassed = (result: RunResult) =>
  result.results.filter((r) => !['passed', 'skipped'].includes(r.verdict)).map((r) => `${r.rule.replace('webhook-test.', '')}: ${r.verdict}`);

describe('near-miss verify tokens are not echoed', () => {
  it.each<[keyof Flaws, string]>([
    ['ignoreLastTokenChar', 'last character changed'],
    ['emptyTokenSkipsCheck', 'was empty'],
    ['trimToken', 'trailing space'],
  ])('a receiver with %s fails verification-near-miss-tokens (%s), and only it', async (flaw, because) => {
    const result = await judge({ [flaw]: true });
    expect(notPassed(result)).toEqual(['verification-near-miss-tokens: failed']);
    expect(rule(result, 'verification-near-miss-tokens').reason).toMatch(new RegExp(`^echoed hub.challenge although .*${because}`));
  });
});

describe('the callback must be served over HTTPS with a valid TLS certificate', () => {
  const expired = async (): Promise<IssuedCertificate> => {
    const pair = await newKeyPair();
    const certPem = await buildCertificate({
      commonName: '127.0.0.1',
      role: 'server',
      publicKey: pair.keys.publicKey,
      signer: await signingKeyOf(ca.keyPem),
      issuerCertPem: ca.certPem,
      hosts: ['127.0.0.1'],
      validDays: -0.5,
    });
    return { certPem, keyPem: pair.privateKeyPem };
  };

  it('passes an HTTPS callback whose certificate comes from a CA the run trusts', async () => {
    const result = await judge({}, { rules: ['webhook-test.callback-https'] });
    expect(rule(result, 'callback-https')).toMatchObject({ verdict: 'passed', judged: 1 });
  });

  it.each<[string, () => Promise<{ cert: IssuedCertificate | 'none'; caPem?: string | 'none' }>, RegExp]>([
    ['plain http://', async () => ({ cert: 'none' }), /plain http:\/\//],
    ['a self-signed certificate', async () => ({ cert: await createSelfSignedLeaf('127.0.0.1'), caPem: 'none' }), /self-signed/],
    ['a self-signed certificate passed as --ca', async () => {
      const cert = await createSelfSignedLeaf('127.0.0.1');
      return { cert, caPem: cert.certPem };
    }, /self-signed \(trusted here only through --ca\)/],
    ['an expired certificate', async () => ({ cert: await expired() }), /expired/],
    ['a certificate for another host', async () => ({ cert: await ca.issueServer('callback.example') }), /another host/],
  ])('fails %s (a failure, not "cannot judge"), and still judges the receiver itself', async (_, make, why) => {
    const result = await judge({}, await make());
    const https = rule(result, 'callback-https');
    expect(https.verdict).toBe('failed');
    expect(https.reason).toMatch(/must be served over HTTPS with a valid TLS certificate/);
    expect(https.reason).toMatch(why);
    expect(notPassed(result)).toEqual(['callback-https: failed']);
    expect(exitCodeFor(result)).toBe(1);
  });
});

describe('with mTLS, foreign client certificates are refused', () => {
  let serviceCa: CertificateAuthority;
  beforeAll(async () => {
    serviceCa = await createCertificateAuthority('service CA');
  });
  const mtlsRun = (setup: Partial<MtlsSetup>) =>
    judge({}, {
      mtls: { caPem: serviceCa.certPem, cn: 'graphcheck-client', ...setup },
      extra: { clientCa: { certPem: serviceCa.certPem, keyPem: serviceCa.keyPem }, clientCn: 'graphcheck-client' },
    });

  it('passes a receiver that trusts the service CA and checks the common name; every other rule runs with the configured certificate', async () => {
    const result = await mtlsRun({});
    expect(notPassed(result)).toEqual([]);
    expect(rule(result, 'mtls-foreign-client-certificates-refused')).toMatchObject({ verdict: 'passed', judged: 3 });
  });

  it.each<[keyof MtlsSetup, RegExp]>([
    ['noClientCert', /presented no client certificate/],
    ['anyIssuer', /issued by another CA/],
    ['skipCn', /common name was not the configured one/],
  ])('fails a receiver with %s', async (flaw, why) => {
    const result = await mtlsRun({ [flaw]: true });
    expect(notPassed(result)).toEqual(['mtls-foreign-client-certificates-refused: failed']);
    expect(rule(result, 'mtls-foreign-client-certificates-refused').reason).toMatch(why);
  });
});

describe('signature advice (R14: SHOULD, a warning unless --strict)', () => {
  it.each<[keyof Flaws, string[]]>([
    ['signatureOnlyWhenPresent', ['notification-unsigned']],
    ['signatureOnlyWhenWellFormed', ['notification-unsigned', 'notification-malformed-signature']],
    ['legacySignatureOnly', ['notification-bad-signature', 'notification-unsigned', 'notification-malformed-signature', 'notification-legacy-signature-only']],
  ])('a receiver with %s gets the advice', async (flaw, advised) => {
    const result = await judge({ [flaw]: true });
    const failed = result.results.filter((r) => r.verdict === 'failed');
    expect(failed.map((r) => r.rule.replace('webhook-test.', ''))).toEqual(advised);
    for (const r of failed) expect(r).toMatchObject({ strength: 'SHOULD', reason: expect.stringMatching(/^advice: accepted \(HTTP 200\) the notification although/) });
    expect(exitCodeFor(result)).toBe(0);
    // The same results counted under --strict, as a run with it counts them.
    expect(exitCodeFor({ ...result, summary: summarize(result.results, { strict: true }), gate: { strict: true, allowStale: false } })).toBe(1);
  });
});
