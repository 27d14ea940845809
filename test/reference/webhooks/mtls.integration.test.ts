import { createPrivateKey, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createWebhookService,
  generateMtlsIdentity,
  type MtlsIdentity,
} from '../../../reference/webhooks/index.js';
import { testDeps } from '../../helpers/reference/webhooks-receiver.js';
import { useWebhookTestBed } from '../../helpers/reference/webhooks-test-bed.js';

const CN = 'graph-webhooks.client.test';
const bed = useWebhookTestBed();
let identity: MtlsIdentity;

beforeAll(async () => {
  identity = await generateMtlsIdentity(CN);
});

const mtlsReceiver = () => bed.receiver({ clientCa: identity.caPem });

function service(faults: string[] = []) {
  const clientCert = { certPem: identity.certPem, keyPem: identity.keyPem, chainPem: identity.chainPem };
  return createWebhookService(testDeps({ trusted: [bed.ca.caPem], clientCert, faults }).deps);
}

const subscription = (url: string) => ({
  object: 'page',
  callback_url: url,
  fields: ['feed'],
  include_values: true,
  verify_token: 'v',
});

describe('mutual TLS on callbacks (R46)', () => {
  it('generates a client certificate with the CN, issued by an intermediate that the CA signed', () => {
    const leaf = new X509Certificate(identity.certPem);
    const intermediate = new X509Certificate(identity.chainPem);
    const root = new X509Certificate(identity.caPem);
    expect(leaf.subject).toBe(`CN=${CN}`);
    expect(leaf.checkIssued(intermediate)).toBe(true);
    expect(leaf.verify(intermediate.publicKey)).toBe(true);
    expect(intermediate.checkIssued(root)).toBe(true);
    expect(intermediate.verify(root.publicKey)).toBe(true);
    expect(intermediate.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkPrivateKey(createPrivateKey(identity.keyPem))).toBe(true);
  });

  it('presents the client certificate and its intermediate on verification and on delivery', async () => {
    const r = await mtlsReceiver();
    const svc = service();
    expect(await svc.upsert(subscription(r.url))).toEqual({ ok: true });
    svc.acceptEvents([{ object: 'page', id: '1', field: 'feed', value: {} }]);
    await svc.idle();
    expect(r.received.map((q) => [q.method, q.clientCn])).toEqual([
      ['GET', CN],
      ['POST', CN],
    ]);
    expect(
      r.received.every((q) => q.clientIssuerCn === new X509Certificate(identity.chainPem).subject.slice(3)),
    ).toBe(true);
    expect(svc.deliveries().map((d) => d.status)).toEqual([200]);
  });

  it('keeps its connection alive between callbacks, and presents the certificate with its intermediate on every new one', async () => {
    const r = await mtlsReceiver();
    const svc = service();
    expect(await svc.upsert(subscription(r.url))).toEqual({ ok: true });
    for (const id of ['1', '2', '3']) {
      // The second notification's answer closes the connection: the third opens one, with a full handshake (no TLS
      // session resumed, which would not present the intermediate again).
      if (id === '2') r.closeAfterNextAnswer();
      svc.acceptEvents([{ object: 'page', id, field: 'feed', value: {} }]);
      await svc.idle();
    }
    expect(r.received.map((q) => [q.method, q.connection])).toEqual([
      ['GET', 1],
      ['POST', 1],
      ['POST', 1],
      ['POST', 2],
    ]);
    const intermediate = new X509Certificate(identity.chainPem).subject.slice(3);
    expect(r.received.map((q) => [q.clientCn, q.clientIssuerCn])).toEqual(r.received.map(() => [CN, intermediate]));
    expect(svc.deliveries().map((d) => d.status)).toEqual([200, 200, 200]);
  });

  it('fault webhooks-mtls-no-client-cert: no certificate, so an mTLS receiver refuses the callback', async () => {
    const r = await mtlsReceiver();
    const outcome = await service(['webhooks-mtls-no-client-cert']).upsert(subscription(r.url));
    expect(outcome.ok).toBe(false);
    expect(r.received.every((q) => q.clientCn === undefined)).toBe(true);
  });
});
