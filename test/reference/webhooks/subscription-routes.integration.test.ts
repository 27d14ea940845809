import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, control, errorCode, type Ref, start } from '../../helpers/reference/reference-client.js';
import { ROOT } from '../../helpers/paths.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'test/helpers/reference/fixtures', name), 'utf8');

interface Received {
  method: string;
  url: string;
  signature: string | undefined;
  body: string;
}

let ref: Ref;
let receiver: Server;
let callbackUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  ref = await start();
  receiver = createServer(
    { cert: fixture('receiver-cert.pem'), key: fixture('receiver-key.pem') },
    (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        const signature = req.headers['x-hub-signature-256'];
        received.push({ method: req.method ?? '', url: req.url ?? '', signature: signature as string, body });
        const url = new URL(req.url ?? '/', 'https://127.0.0.1');
        res.writeHead(200);
        res.end(req.method === 'GET' ? (url.searchParams.get('hub.challenge') ?? '') : 'ok');
      });
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await ref.close();
  await new Promise<void>((resolve) => {
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
});
beforeEach(async () => {
  await control(ref, 'POST', '/reset');
  received.length = 0;
});

const subscriptions = (method: string, form: Record<string, string>, token = ref.appToken) =>
  call(ref, method, `/v25.0/${ref.appId}/subscriptions`, { form: { access_token: token, ...form } });

const subscribe = (extra: Record<string, string> = {}) =>
  subscriptions('POST', {
    object: 'page',
    callback_url: callbackUrl,
    verify_token: 'vt',
    fields: 'feed,mention',
    include_values: 'true',
    ...extra,
  });

describe('/{app_id}/subscriptions', () => {
  it('needs the app token: a Page token is code 200, an unknown one 190', async () => {
    expect(errorCode(await subscriptions('GET', {}, ref.tokens['page']))).toBe(200);
    expect(errorCode(await subscriptions('GET', {}, '1000001|forged'))).toBe(190);
    expect((await subscriptions('GET', {})).body).toEqual({
      data: [],
      paging: { cursors: { before: '', after: '' } },
    });
  });

  it('checks object, callback_url and verify_token before calling anyone', async () => {
    expect(errorCode(await subscribe({ object: 'group' }))).toBe(100);
    expect(errorCode(await subscriptions('POST', { object: 'page', verify_token: 'vt' }))).toBe(100);
    expect(errorCode(await subscriptions('POST', { object: 'page', callback_url: callbackUrl }))).toBe(100);
    expect(errorCode(await subscribe({ include_values: 'perhaps' }))).toBe(100);
    expect(received).toHaveLength(0);
  });

  it('answers an unverifiable callback with an error, not success', async () => {
    const answer = await subscribe();
    expect(errorCode(answer)).toBe(100);
    expect(answer.body.error.message).toMatch(/certificate/i);
  });

  it('subscribes after verifying a trusted callback, lists it, delivers signed events, deletes', async () => {
    expect((await control(ref, 'POST', '/trust', { ca_pem: fixture('receiver-ca.pem') })).status).toBe(200);
    expect((await subscribe()).body).toEqual({ success: true });
    expect(received[0]?.method).toBe('GET');
    const list = await subscriptions('GET', {});
    expect(list.body.data).toEqual([
      { object: 'page', callback_url: callbackUrl, fields: ['feed', 'mention'], active: true },
    ]);

    const event = { object: 'page', id: ref.pageId, field: 'feed', value: { item: 'post', verb: 'add' } };
    // A Page that did not install the app gets no page updates (R48): nothing arrives until it does.
    expect((await control(ref, 'POST', '/events', event)).body).toEqual({ accepted: 1 });
    await control(ref, 'POST', '/clock', { advance_seconds: 0 });
    expect(received.filter((r) => r.method === 'POST')).toEqual([]);
    const install = await call(ref, 'POST', `/v25.0/${ref.pageId}/subscribed_apps`, {
      form: { access_token: ref.tokens['page'] ?? '', subscribed_fields: 'feed' },
    });
    expect(install.body).toEqual({ success: true });
    expect((await control(ref, 'POST', '/events', event)).body).toEqual({ accepted: 1 });
    await control(ref, 'POST', '/clock', { advance_seconds: 0 });
    const delivery = received.find((r) => r.method === 'POST');
    expect(delivery).toBeDefined();
    const expected = createHmac('sha256', ref.appSecret)
      .update(delivery?.body ?? '')
      .digest('hex');
    expect(delivery?.signature).toBe(`sha256=${expected}`);

    expect((await subscriptions('DELETE', { object: 'page' })).body).toEqual({ success: true });
    expect((await subscriptions('GET', {})).body.data).toEqual([]);
  });

  it('pages the list two subscriptions at a time; under subscriptions-paging-skips a walk loses one', async () => {
    const walked = async (target: Ref): Promise<string[]> => {
      expect((await control(target, 'POST', '/trust', { ca_pem: fixture('receiver-ca.pem') })).status).toBe(200);
      for (const object of ['user', 'page', 'permissions']) {
        const form = { access_token: target.appToken, object, callback_url: callbackUrl, verify_token: 'vt', fields: 'feed' };
        expect((await call(target, 'POST', `/v25.0/${target.appId}/subscriptions`, { form })).body).toEqual({ success: true });
      }
      const objects: string[] = [];
      let page = await call(target, 'GET', `/v25.0/${target.appId}/subscriptions`, { query: { access_token: target.appToken } });
      for (;;) {
        objects.push(...page.body.data.map((s: { object: string }) => s.object));
        if (!page.body.paging.next) return objects;
        page = await call(target, 'GET', page.body.paging.next);
      }
    };
    expect(await walked(ref)).toEqual(['user', 'page', 'permissions']);
    const faulty = await start(['subscriptions-paging-skips']);
    try {
      expect(await walked(faulty)).toEqual(['user', 'page']);
    } finally {
      await faulty.close();
    }
  });

  it('answers other app ids as unsupported', async () => {
    const answer = await call(ref, 'GET', '/v25.0/999/subscriptions', {
      query: { access_token: ref.appToken },
    });
    expect(errorCode(answer)).toBe(100);
  });
});

describe('/{account}/subscribed_apps', () => {
  it('needs subscribed_fields and a token', async () => {
    const path = `/v25.0/${ref.pageId}/subscribed_apps`;
    expect(errorCode(await call(ref, 'POST', path, { form: { subscribed_fields: 'feed' } }))).toBe(190);
    expect(
      errorCode(await call(ref, 'POST', path, { form: { access_token: ref.tokens['page'] ?? '' } })),
    ).toBe(100);
    const ok = await call(ref, 'POST', path, {
      form: { access_token: ref.tokens['page'] ?? '', subscribed_fields: 'feed,mention' },
    });
    expect(ok.body).toEqual({ success: true });
  });
});
