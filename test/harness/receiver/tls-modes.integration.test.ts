import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { Agent } from 'undici';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCertificateAuthority, type IssuedCertificate } from '../../../harness/ca/index.js';
import {
  type Receiver,
  type ReceiverOptions,
  startReceiver,
} from '../../../harness/receiver/index.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { call, clientAgent } from '../../helpers/http-client.js';
import { makeSelfSignedCert } from '../../helpers/reference/webhooks-test-certs.js';

const BODY = Buffer.from('{"object":"page","entry":[]}');
const SIGNED = {
  method: 'POST' as const,
  body: BODY,
  headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(BODY, 's') },
};
const CN = 'graphcheck-target-client';

let runCa: CertificateAuthority;
let serviceCa: CertificateAuthority;
let goodClient: IssuedCertificate;
const open: Array<Receiver | Agent> = [];

beforeAll(async () => {
  runCa = await createCertificateAuthority();
  serviceCa = await createCertificateAuthority('service root CA');
  goodClient = await (await serviceCa.issueIntermediate('service intermediate CA')).issueClient(CN);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

async function start(options: Partial<ReceiverOptions>): Promise<Receiver> {
  const receiver = await startReceiver({ ca: runCa, verifyToken: 't', appSecret: 's', ...options });
  open.push(receiver);
  return receiver;
}

function agent(cert?: IssuedCertificate, connections?: number): Agent {
  const made = clientAgent({ caPem: runCa.certPem, ...(cert ? { cert } : {}), ...(connections ? { connections } : {}) });
  open.push(made);
  return made;
}

describe('certificates a target must refuse', () => {
  it('self-signed: a client trusting the run CA refuses the handshake, so nothing is recorded', async () => {
    const receiver = await start({ tlsMode: 'self-signed' });
    expect(receiver.caPem).toBeUndefined();
    expect(await call(agent(), receiver.callbackUrl(), SIGNED)).toEqual({
      error: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(receiver.attempts()).toEqual([]);
  });

  it('untrusted: a leaf from a CA nobody was told to trust is refused', async () => {
    const receiver = await start({ tlsMode: 'untrusted' });
    expect(await call(agent(), receiver.callbackUrl(), SIGNED)).toEqual({
      error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });

  it('plain-http: serves http:// for the rule that such callbacks are refused', async () => {
    const receiver = await start({ tlsMode: 'plain-http', ca: undefined });
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await call(agent(), receiver.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect(receiver.attempts()[0]?.tlsClient).toBeUndefined();
  });
});

describe('mTLS (the target presents a client certificate)', () => {
  const mtls = () => ({ mtls: { clientCaPem: serviceCa.certPem, expectedCn: CN } });

  it('accepts a certificate chained through its intermediate to the trusted CA with the expected CN', async () => {
    const receiver = await start(mtls());
    expect(await call(agent(goodClient), receiver.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect(receiver.attempts()[0]?.tlsClient).toEqual({
      presented: true,
      cn: CN,
      authorized: true,
      // What the target presented (the leaf and its intermediate), not the trusted root the receiver holds.
      chain: [CN, 'service intermediate CA'],
      verdict: 'ok',
    });
  });

  it('answers 403 and records why for a missing certificate, a wrong CN, or an untrusted issuer', async () => {
    const receiver = await start(mtls());
    const wrongCn = await serviceCa.issueClient('someone-else');
    const stranger = await (await createCertificateAuthority('stranger CA')).issueClient(CN);
    for (const cert of [undefined, wrongCn, stranger]) {
      expect(await call(agent(cert), receiver.callbackUrl(), SIGNED)).toMatchObject({ status: 403 });
    }
    expect(receiver.attempts().map((a) => a.tlsClient?.verdict)).toEqual([
      'no-certificate',
      'cn-mismatch',
      'untrusted',
    ]);
  });

  it('refuses the verification request too when the client certificate is wrong', async () => {
    const receiver = await start(mtls());
    const outcome = await call(
      agent(),
      `${receiver.callbackUrl()}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=t`,
    );
    expect(outcome).toMatchObject({ status: 403 });
    expect(receiver.verifications()[0]?.tlsClient?.verdict).toBe('no-certificate');
  });

  it('without the service CA it judges the common name only (reading R46)', async () => {
    const receiver = await start({ mtls: { expectedCn: CN } });
    const stranger = await (await createCertificateAuthority('stranger CA')).issueClient(CN);
    expect(await call(agent(stranger), receiver.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect(receiver.attempts()[0]?.tlsClient).toMatchObject({ cn: CN, authorized: false, verdict: 'ok' });
  });

  it('judges each request against its own route on a kept-alive connection: a name one route expects, another refuses', async () => {
    // The server asks for client certificates; each route judges them against the name it expects.
    const receiver = await start(mtls());
    const expecting = (expectedCn: string) => ({ verifyToken: 't', appSecret: 's', mtls: { clientCaPem: serviceCa.certPem, expectedCn } });
    const ours = receiver.route!('ours', expecting(CN));
    const theirs = receiver.route!('theirs', expecting('someone-else'));
    // One connection at most: every request rides the connection the first one opened.
    const client = agent(goodClient, 1);
    expect(await call(client, ours.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect(await call(client, theirs.callbackUrl(), SIGNED)).toMatchObject({ status: 403 });
    expect(await call(client, ours.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect([...ours.attempts(), ...theirs.attempts()].map((a) => a.tlsClient?.verdict)).toEqual(['ok', 'ok', 'cn-mismatch']);
  });

  it('resumes no TLS session, so every connection of a client that would resume presents its intermediate', async () => {
    const receiver = await start(mtls());
    // Node's agent keeps the sessions it was given and offers them on its next connections.
    const resuming = new https.Agent({ keepAlive: false });
    const resumed: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve, reject) => {
        const options = { agent: resuming, ca: runCa.certPem, cert: goodClient.certPem, key: goodClient.keyPem };
        const req = https.request(`${receiver.callbackUrl()}?hub.mode=subscribe&hub.challenge=${i}&hub.verify_token=t`, options, (res) => {
          res.resume().on('end', resolve);
        });
        req.on('socket', (socket) => socket.once('secureConnect', () => resumed.push((socket as TLSSocket).isSessionReused())));
        req.on('error', reject).end();
      });
    }
    expect(resumed).toEqual([false, false, false]);
    expect(receiver.verifications().map((v) => [v.tlsClient?.chain, v.tlsClient?.verdict])).toEqual(
      resumed.map(() => [[CN, 'service intermediate CA'], 'ok']),
    );
  });

  it('reads an RSA client certificate as it reads an ECDSA one', async () => {
    const rsa = makeSelfSignedCert();
    const receiver = await start({ mtls: { expectedCn: '127.0.0.1' } });
    expect(await call(agent(rsa), receiver.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect(receiver.attempts()[0]?.tlsClient).toMatchObject({ presented: true, cn: '127.0.0.1', chain: ['127.0.0.1'], verdict: 'ok' });
  });

  it('reads a common name with the characters a distinguished name escapes as the name itself', async () => {
    const odd = 'svc, east+1 é <a;b>';
    const receiver = await start({ mtls: { expectedCn: odd } });
    const client = await (await serviceCa.issueIntermediate('service intermediate CA')).issueClient(odd);
    expect(await call(agent(client), receiver.callbackUrl(), SIGNED)).toMatchObject({ status: 200 });
    expect(receiver.attempts()[0]?.tlsClient).toMatchObject({ cn: odd, chain: [odd, 'service intermediate CA'], verdict: 'ok' });
  });
});
