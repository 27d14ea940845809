import { beforeAll, describe, expect, it } from 'vitest';
import { createWebhookService } from '../../../reference/webhooks/index.js';
import {
  closedPort,
  makeSelfSignedCert,
  makeTestCa,
  type ReceiverOptions,
  type TestCa,
  testDeps,
} from '../../helpers/reference/webhooks-receiver.js';
import { useWebhookTestBed } from '../../helpers/reference/webhooks-test-bed.js';

const bed = useWebhookTestBed();
const receiver = (options: ReceiverOptions = {}) => bed.receiver(options);
let otherCa: TestCa;

beforeAll(() => {
  otherCa = makeTestCa();
});

function service(options: Parameters<typeof testDeps>[0] = {}) {
  return createWebhookService(testDeps({ trusted: [bed.ca.caPem], ...options }).deps);
}

const page = (callback_url: string, fields: string[] = ['feed']) => ({
  object: 'page',
  callback_url,
  fields,
  include_values: true,
  verify_token: 'tok-1',
});

describe('subscription verification', () => {
  it('sends hub.mode, an integer hub.challenge and hub.verify_token over HTTPS, then subscribes', async () => {
    const r = await receiver();
    const svc = service();
    expect(await svc.upsert(page(r.url))).toEqual({ ok: true });
    const [get] = r.gets();
    expect(get?.url.searchParams.get('hub.mode')).toBe('subscribe');
    expect(get?.url.searchParams.get('hub.challenge')).toMatch(/^\d+$/);
    expect(get?.url.searchParams.get('hub.verify_token')).toBe('tok-1');
    expect(svc.list()).toEqual([{ object: 'page', callback_url: r.url, fields: ['feed'], active: true }]);
  });

  it('keeps the query the callback URL already had', async () => {
    const r = await receiver();
    expect(await service().upsert(page(`${r.url}?app=7`))).toEqual({ ok: true });
    expect(r.gets()[0]?.url.searchParams.get('app')).toBe('7');
  });

  it('refuses http:// without sending anything', async () => {
    const plain = await receiver({ tls: undefined });
    const svc = service();
    const outcome = await svc.upsert(page(plain.url));
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(/https/);
    expect(plain.received).toHaveLength(0);
    expect(svc.list()).toEqual([]);
  });

  it('refuses a self-signed certificate', async () => {
    const r = await receiver({ tls: makeSelfSignedCert() });
    const outcome = await service().upsert(page(r.url));
    expect(!outcome.ok && outcome.message).toMatch(/certificate/);
    expect(r.received).toHaveLength(0);
  });

  it('refuses a self-signed certificate even when it was handed over as a trusted CA', async () => {
    const selfSigned = makeSelfSignedCert();
    const r = await receiver({ tls: selfSigned });
    const outcome = await service({ trusted: [selfSigned.certPem] }).upsert(page(r.url));
    expect(!outcome.ok && outcome.message).toMatch(/certificate/);
  });

  it('refuses a certificate from a CA that was never trusted', async () => {
    const r = await receiver({ tls: otherCa.issueServerCert() });
    const outcome = await service().upsert(page(r.url));
    expect(!outcome.ok && outcome.message).toMatch(/certificate/);
  });

  it('refuses a wrong challenge, a non-2xx answer and an unreachable callback', async () => {
    const wrong = await receiver({ verify: 'wrong-body' });
    const status = await receiver({ verify: { status: 403 } });
    const svc = service();
    expect(await svc.upsert(page(wrong.url))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/challenge/),
    });
    expect(await svc.upsert(page(status.url))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/403/),
    });
    const unreachable = `https://127.0.0.1:${await closedPort()}/hook`;
    expect(await svc.upsert(page(unreachable))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/reach/),
    });
    expect(svc.list()).toEqual([]);
  });

  it('gives up on a callback that does not answer in time', async () => {
    const hanging = await receiver({ verify: 'hang' });
    const outcome = await service({ timeoutsMs: { verification: 150 } }).upsert(page(hanging.url));
    expect(outcome).toMatchObject({ ok: false, message: expect.stringMatching(/reach/) });
    expect(hanging.gets()).toHaveLength(1);
  });

  it('refuses a URL it cannot parse', async () => {
    expect(await service().upsert(page('not a url'))).toMatchObject({ ok: false });
  });

  it('leaves an existing subscription untouched when a later verification fails', async () => {
    const good = await receiver();
    const bad = await receiver({ verify: 'wrong-body' });
    const svc = service();
    await svc.upsert(page(good.url, ['feed']));
    await svc.upsert(page(bad.url, ['mention']));
    expect(svc.list()).toEqual([{ object: 'page', callback_url: good.url, fields: ['feed'], active: true }]);
  });
});

describe('amending and removing subscriptions', () => {
  it('verifies every POST again and unions the fields into one active subscription (R29, R30, R39)', async () => {
    const r = await receiver();
    const svc = service();
    await svc.upsert(page(r.url, ['feed', 'mention']));
    await svc.upsert(page(r.url, ['ratings', 'feed']));
    expect(r.gets()).toHaveLength(2);
    expect(svc.list()).toEqual([
      { object: 'page', callback_url: r.url, fields: ['feed', 'mention', 'ratings'], active: true },
    ]);
  });

  it('removes only the given fields, of one object or of all', async () => {
    const r = await receiver();
    const svc = service();
    await svc.upsert(page(r.url, ['feed', 'mention']));
    await svc.upsert({ ...page(r.url, ['feed', 'email']), object: 'user' });
    expect(svc.remove({ object: 'page', fields: ['feed'] })).toEqual({ ok: true });
    expect(svc.list().map((s) => [s.object, s.fields])).toEqual([
      ['page', ['mention']],
      ['user', ['feed', 'email']],
    ]);
    svc.remove({ fields: ['mention', 'email'] });
    expect(svc.list().map((s) => [s.object, s.fields])).toEqual([
      ['page', []],
      ['user', ['feed']],
    ]);
  });

  it('removes one object, or everything', async () => {
    const r = await receiver();
    const svc = service();
    await svc.upsert(page(r.url));
    await svc.upsert({ ...page(r.url), object: 'user' });
    svc.remove({ object: 'page' });
    expect(svc.list().map((s) => s.object)).toEqual(['user']);
    svc.remove({});
    expect(svc.list()).toEqual([]);
  });

  it('reset forgets every subscription', async () => {
    const r = await receiver();
    const svc = service();
    await svc.upsert(page(r.url));
    svc.reset();
    expect(svc.list()).toEqual([]);
  });
});

describe('account-level subscriptions', () => {
  it('accepts fields, refuses an empty list and fields no Page-based variant offers (R41)', () => {
    const svc = service();
    expect(svc.subscribeAccount('2000001', ['comments', 'mentions'])).toEqual({ ok: true });
    expect(svc.subscribeAccount('me', [])).toMatchObject({ ok: false });
    expect(svc.subscribeAccount('2000001', ['messaging_optins'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/messaging_optins/),
    });
  });
});
