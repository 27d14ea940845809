import { describe, expect, it } from 'vitest';
import type { CallbackUnderTest } from '../../../harness/callback-client/callback-client.js';
import { missingInRun, sidesOf } from '../../../harness/engine/needs.js';
import { openCallbackRun } from '../../../harness/target/open-callback-run.js';
import type { Rule } from '../../../harness/suite/suite.js';

function rule(steps: Rule['steps']): Rule {
  return { id: 'demo.one', title: 'One', strength: 'MUST', cites: [], steps };
}

/** An app's callback as `webhook-test` sees it; nothing here connects, the rules are only weighed. */
function callback(withClientCerts: boolean): CallbackUnderTest {
  const pem = { certPem: '', keyPem: '' };
  return {
    url: 'https://127.0.0.1:1/hook',
    verifyToken: 'token',
    appSecret: 'secret',
    timeoutMs: 1000,
    tls: { scheme: 'https' },
    probe: () => Promise.reject(new Error('not here')),
    ...(withClientCerts ? { clientCerts: { configured: pem, none: undefined, 'other-ca': pem, 'wrong-cn': pem }, clientCn: 'cn' } : {}),
    send: () => Promise.reject(new Error('not here')),
    close: () => Promise.resolve(),
  };
}

const request = { request: { method: 'GET', path: '/me' } };
const verify = (clientCert?: string) => ({ 'verify-callback': { challenge: 1, ...(clientCert ? { client_cert: clientCert } : {}) } });

describe('the sides a rule plays against', () => {
  it('reads each step kind\'s side, the positive control\'s included', () => {
    expect([...sidesOf(rule([request]))]).toEqual(['target']);
    expect([...sidesOf(rule([verify()]))]).toEqual(['callback']);
    expect([...sidesOf(rule([request, verify()]))].sort()).toEqual(['callback', 'target']);
  });

  it('skips a rule against a target in a run that has only a callback, naming the command that runs it', () => {
    const { ctx } = openCallbackRun({ callback: callback(false), seed: 1, replayCommand: () => '', targetSource: 'x' });
    expect(missingInRun(rule([request]), ctx)).toMatch(/plays against a target's interface; run it with graphcheck run/);
    expect(missingInRun(rule([verify()]), ctx)).toBeUndefined();
  });

  it('skips a rule that sends certificates to refuse when the callback is not set up for mTLS', () => {
    const plain = openCallbackRun({ callback: callback(false), seed: 1, replayCommand: () => '', targetSource: 'x' }).ctx;
    const mtls = openCallbackRun({ callback: callback(true), seed: 1, replayCommand: () => '', targetSource: 'x' }).ctx;
    expect(missingInRun(rule([verify('other-ca')]), plain)).toMatch(/not set up for client certificates \(mTLS\): give --client-ca and --client-cn/);
    expect(missingInRun(rule([verify('other-ca')]), mtls)).toBeUndefined();
    expect(missingInRun(rule([verify('configured')]), plain)).toBeUndefined();
  });

  it('skips a callback rule in a run without a callback', () => {
    expect(missingInRun(rule([verify()]), { seed: 1, runs: 1, replayCommand: () => '', targetSource: 'x' })).toMatch(
      /plays the service against an app's callback; run it with graphcheck webhook-test/,
    );
  });
});
