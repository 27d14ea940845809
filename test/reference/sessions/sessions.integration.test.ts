import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReference } from '../../../reference/index.js';
import { repoPath, ROOT } from '../../helpers/paths.js';
import { imageBytes } from '../../../harness/content-host/index.js';
import { call, control, errorCode, type Ref, start, toAnswer } from '../../helpers/reference/reference-client.js';
import { api, ctl, deleteSession, openSession, type SessionRef } from '../../helpers/reference/sessions-client.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'test/helpers/reference/fixtures', name), 'utf8');
const CA_PEM = fixture('receiver-ca.pem');
const CAPABILITIES = ['profile', 'reset', 'clock', 'authorize', 'events', 'trust', 'app', 'deliveries'];
const HOUR = 3600;

/**
 * An HTTPS receiver (a certificate for 127.0.0.1 from the fixture CA): echoes challenges, keeps every request. POSTs
 * to `/fail...` answer 500; so do those to `/hold`, whose third (the first retry on the clock) waits for `heldPost`.
 */
interface Hit {
  method: string;
  path: string;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const hits: Hit[] = [];
const postsTo = (route: string) => hits.filter((h) => h.method === 'POST' && h.path === route);
type Answerer = (status: number) => void;
/** Settles when `/hold` holds a POST, with the function that answers it. */
let heldPost: { promise: Promise<Answerer>; resolve: (answer: Answerer) => void };
const holdNext = () => {
  let resolve!: (answer: Answerer) => void;
  const promise = new Promise<Answerer>((r) => (resolve = r));
  heldPost = { promise, resolve };
};

let ref: Ref;
const opened: string[] = [];

beforeAll(async () => {
  ref = await start();
  receiver = createServer({ cert: fixture('receiver-cert.pem'), key: fixture('receiver-key.pem') }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://127.0.0.1');
      hits.push({ method: req.method ?? '', path: url.pathname, body });
      if (req.method === 'GET') return void res.writeHead(200).end(url.searchParams.get('hub.challenge') ?? '');
      if (url.pathname === '/hold' && postsTo('/hold').length === 3) {
        return heldPost.resolve((status) => void res.writeHead(status).end());
      }
      res.writeHead(url.pathname.startsWith('/fail') || url.pathname === '/hold' ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
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
  hits.length = 0;
  holdNext();
});
afterEach(async () => {
  for (const id of opened.splice(0)) await deleteSession(ref, id);
});

async function session(): Promise<SessionRef> {
  const s = await openSession(ref);
  opened.push(s.id);
  return s;
}

/** Drops a session this file opened, as the test's own step (afterEach then leaves it alone). */
async function drop(s: SessionRef) {
  opened.splice(opened.indexOf(s.id), 1);
  return deleteSession(ref, s.id);
}

const clockOf = async (at: { controlUrl: string }): Promise<number> => (await ctl(at, 'GET', '/clock')).body.now;

/** Trusts the receiver's CA, subscribes the app's `page` feed to `route`, and installs the app on the Page. */
async function subscribe(s: { url: string; controlUrl: string; appId: string; appToken: string; pageId: string; tokens: Record<string, string> }, route: string) {
  expect((await ctl(s, 'POST', '/trust', { ca_pem: CA_PEM })).status).toBe(200);
  const subscribed = await api(s, 'POST', `/v25.0/${s.appId}/subscriptions`, {
    form: { access_token: s.appToken, object: 'page', callback_url: `${receiverUrl}${route}`, verify_token: 'vt', fields: 'feed', include_values: 'true' },
  });
  expect(subscribed.body).toEqual({ success: true });
  const installed = await api(s, 'POST', `/v25.0/${s.pageId}/subscribed_apps`, {
    form: { access_token: s.tokens['page'] ?? '', subscribed_fields: 'feed' },
  });
  expect(installed.body).toEqual({ success: true });
}

/** One feed change, delivered (first attempts settle before a zero advance answers: contract §2 `clock`). */
async function sendEvent(s: { controlUrl: string; pageId: string }, n: number) {
  const event = { object: 'page', id: s.pageId, field: 'feed', value: { item: 'status', verb: 'add', n } };
  expect((await ctl(s, 'POST', '/events', event)).body).toEqual({ accepted: 1 });
  await ctl(s, 'POST', '/clock', { advance_seconds: 0 });
}

const feedCount = async (at: { url: string }, token: string, pageId: string): Promise<number> => {
  let count = 0;
  let next: string | undefined = `${at.url}/${pageId}/feed?limit=100&access_token=${token}`;
  while (next) {
    const page = await call(at, 'GET', next);
    expect(page.status).toBe(200);
    count += page.body.data.length;
    next = page.body.paging.next;
  }
  return count;
};
const sessionFeed = (s: SessionRef) => feedCount(s, s.tokens['page'] ?? '', s.pageId);
const targetFeed = () => feedCount(ref, ref.tokens['page'] ?? '', ref.pageId);

describe('POST /sessions', () => {
  it('answers a complete profile whose every address is under the session, without the sessions capability', async () => {
    expect(ref.profile['capabilities']).toEqual([...CAPABILITIES, 'sessions']);
    const s = await session();
    const base = `${ref.url}/_sessions/${s.id}`;
    expect(s.profile).toMatchObject({
      contract: 1,
      base_url: base,
      auth_url: base,
      imgnet_base_url: base,
      control_url: `${base}/_control`,
      capabilities: CAPABILITIES,
      app: { live: true },
    });
    const schema = JSON.parse(readFileSync(repoPath('schemas', 'profile.schema.json'), 'utf8'));
    const vocabulary = JSON.parse(readFileSync(repoPath('schemas', 'profile-vocabulary.schema.json'), 'utf8'));
    const validate = new Ajv({ strict: false }).addSchema(vocabulary).compile(schema);
    expect(validate(s.profile), JSON.stringify(validate.errors)).toBe(true);
    expect((await ctl(s, 'GET', '/profile')).body).toEqual(s.profile);
    // Every capability but sessions: a session opens none of its own.
    const nested = await ctl(s, 'POST', '/sessions', {});
    expect(nested.status).toBe(404);
    expect(errorCode(nested)).toBe(100);
  });

  it('hands out links that name the session (paging.next, permalinks, photo files), served by the session', async () => {
    const s = await session();
    const page = await api(s, 'GET', `/v25.0/${s.pageId}/feed`, {
      query: { limit: 2, fields: 'id,permalink_url', access_token: s.tokens['page'] ?? '' },
    });
    expect(page.body.paging.next.startsWith(`${s.url}/v25.0/${s.pageId}/feed?`)).toBe(true);
    for (const post of page.body.data) expect(post.permalink_url.startsWith(`${s.url}/`)).toBe(true);
    const next = await call(s, 'GET', page.body.paging.next);
    expect(next.status).toBe(200);
    expect(next.body.data.map((p: { id: string }) => p.id)).not.toContain(page.body.data[0].id);

    const form = new FormData();
    form.set('access_token', s.tokens['page'] ?? '');
    form.set('source', new Blob([imageBytes('png')]), 'photo.png');
    const upload = await toAnswer(await fetch(`${s.url}/v25.0/${s.pageId}/photos`, { method: 'POST', body: form }));
    const post = await api(s, 'GET', `/v25.0/${upload.body.post_id}`, { query: { fields: 'picture', access_token: s.tokens['page'] ?? '' } });
    expect(post.body.picture).toBe(`${s.url}/photo-files/${upload.body.id}`);
    const file = await fetch(post.body.picture);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png']);
    await file.arrayBuffer();
    // The same path outside the session names no file: the upload is the session's alone.
    expect((await call(ref, 'GET', `/photo-files/${upload.body.id}`)).status).not.toBe(200);
  });

  it('starts a session at the target clock, and its reset goes back there, not to the target state', async () => {
    const before = await targetFeed();
    await api(ref, 'POST', `/${ref.pageId}/feed`, { form: { access_token: ref.tokens['page'] ?? '', message: 'outside' } });
    const targetNow = (await control(ref, 'POST', '/clock', { advance_seconds: 5000 })).body.now;
    const s = await session();
    expect(await clockOf(s)).toBe(targetNow);
    expect(await sessionFeed(s)).toBe(before);
    await ctl(s, 'POST', '/clock', { advance_seconds: 700 });
    await api(s, 'POST', `/${s.pageId}/feed`, { form: { access_token: s.tokens['page'] ?? '', message: 'inside' } });
    expect((await ctl(s, 'POST', '/reset')).body).toEqual({ ok: true });
    expect(await clockOf(s)).toBe(targetNow);
    expect(await sessionFeed(s)).toBe(before);
    expect(await targetFeed()).toBe(before + 1);
    expect(await clockOf(ref)).toBe(targetNow);
  });
});

describe('nothing done in one session is seen in another or outside', () => {
  it('objects created and deleted, with each session using its own profile tokens and ids', async () => {
    const [a, b] = [await session(), await session()];
    const before = await targetFeed();
    const created = await api(a, 'POST', `/${a.pageId}/feed`, { form: { access_token: a.tokens['page'] ?? '', message: 'only in a' } });
    expect(created.status).toBe(200);
    expect(await sessionFeed(a)).toBe(before + 1);
    expect(await sessionFeed(b)).toBe(before);
    expect(await targetFeed()).toBe(before);
    // Each world numbers what it creates: the same id in all three, deleted in one only.
    const comment = (at: { url: string }, token: string) =>
      api(at, 'POST', `/${ref.pageId}_159/comments`, { form: { access_token: token, message: 'hi' } });
    const ids = [
      (await comment(a, a.tokens['page'] ?? '')).body.id,
      (await comment(b, b.tokens['page'] ?? '')).body.id,
      (await comment(ref, ref.tokens['page'] ?? '')).body.id,
    ];
    expect(new Set(ids).size).toBe(1);
    const id = ids[0] as string;
    expect((await api(a, 'DELETE', `/${id}`, { query: { access_token: a.tokens['page'] ?? '' } })).body).toEqual({ success: true });
    expect(errorCode(await api(a, 'GET', `/${id}`, { query: { access_token: a.tokens['page'] ?? '' } }))).toBe(100);
    expect((await api(b, 'GET', `/${id}`, { query: { access_token: b.tokens['page'] ?? '' } })).body.id).toBe(id);
    expect((await api(ref, 'GET', `/${id}`, { query: { access_token: ref.tokens['page'] ?? '' } })).body.id).toBe(id);
    // A fixture deleted in one session is still in the others.
    const video = a.profile.fixtures.video_id;
    expect((await api(b, 'DELETE', `/${video}`, { query: { access_token: b.tokens['page'] ?? '' } })).body).toEqual({ success: true });
    expect(errorCode(await api(b, 'GET', `/${video}`, { query: { access_token: b.tokens['page'] ?? '' } }))).toBe(100);
    expect((await api(a, 'GET', `/${video}`, { query: { access_token: a.tokens['page'] ?? '' } })).body.id).toBe(video);
    expect((await api(ref, 'GET', `/${video}`, { query: { access_token: ref.tokens['page'] ?? '' } })).body.id).toBe(video);
  });

  it('a reset, a clock move, the Live setting and the version history', async () => {
    const [a, b] = [await session(), await session()];
    const start = await clockOf(ref);
    await api(b, 'POST', `/${b.pageId}/feed`, { form: { access_token: b.tokens['page'] ?? '', message: 'kept in b' } });
    const inB = await sessionFeed(b);
    await ctl(a, 'POST', '/clock', { advance_seconds: 9000 });
    await ctl(a, 'POST', '/app', { live: false });
    expect((await ctl(a, 'POST', '/reset')).body).toEqual({ ok: true });
    expect(await sessionFeed(b)).toBe(inB);
    expect([await clockOf(b), await clockOf(ref)]).toEqual([start, start]);
    await ctl(a, 'POST', '/clock', { advance_seconds: 9000 });
    expect([await clockOf(a), await clockOf(b), await clockOf(ref)]).toEqual([start + 9000, start, start]);
    expect((await ctl(b, 'GET', '/profile')).body.app.live).toBe(true);
    expect((await control(ref, 'GET', '/profile')).body.app.live).toBe(true);
    expect((await ctl(a, 'GET', '/profile')).body.app.live).toBe(false);
    // Contract §3.2: the first version called is each world's own.
    const read = (at: { url: string }, version: string, token: string) =>
      api(at, 'GET', `/${version}/${ref.pageId}/feed`, { query: { limit: 1, access_token: token } });
    expect((await read(a, 'v25.0', a.tokens['page'] ?? '')).status).toBe(200);
    expect(errorCode(await read(a, 'v23.0', a.tokens['page'] ?? ''))).toBe(100);
    expect((await read(b, 'v23.0', b.tokens['page'] ?? '')).status).toBe(200);
    expect((await read(ref, 'v23.0', ref.tokens['page'] ?? '')).status).toBe(200);
  });

  it('subscriptions, trusted CAs and delivered events: no notification reaches another session', async () => {
    const [a, b] = [await session(), await session()];
    await subscribe(a, '/a');
    // b has not trusted the receiver's CA: a's trust is a's alone.
    const untrusted = await api(b, 'POST', `/v25.0/${b.appId}/subscriptions`, {
      form: { access_token: b.appToken, object: 'page', callback_url: `${receiverUrl}/b`, verify_token: 'vt', fields: 'feed' },
    });
    expect(untrusted.body.error.message).toMatch(/certificate/i);
    await subscribe(b, '/b');
    const listed = async (at: { url: string; appId: string; appToken: string }) =>
      (await api(at, 'GET', `/v25.0/${at.appId}/subscriptions`, { query: { access_token: at.appToken } })).body.data.map(
        (sub: { callback_url: string }) => sub.callback_url,
      );
    expect(await listed(a)).toEqual([`${receiverUrl}/a`]);
    expect(await listed(b)).toEqual([`${receiverUrl}/b`]);
    expect(await listed(ref)).toEqual([]);

    await sendEvent(a, 1);
    await sendEvent(b, 2);
    await sendEvent(b, 3);
    await sendEvent(ref, 4);
    const numbers = (route: string) => postsTo(route).map((h) => JSON.parse(h.body).entry[0].changes[0].value.n);
    expect(numbers('/a')).toEqual([1]);
    expect(numbers('/b')).toEqual([2, 3]);
    expect(hits.filter((h) => h.method === 'POST')).toHaveLength(3);
    expect((await ctl(a, 'GET', '/deliveries')).body.data).toHaveLength(1);
    expect((await ctl(b, 'GET', '/deliveries')).body.data).toHaveLength(2);
    expect((await control(ref, 'GET', '/deliveries')).body.data).toEqual([]);
  });

  it('rate-limit counters', async () => {
    const limited = await startReference({ rateLimitEvery: 2 });
    try {
      const [a, b] = [await openSession(limited), await openSession(limited)];
      const outside = { url: limited.url, profile: limited.profile as SessionRef['profile'] };
      // Distinct requests (`n`): a request sent again after its limit is served whatever the count.
      const photos = (at: Pick<SessionRef, 'url' | 'profile'>, n: number) =>
        api(at, 'GET', `/${at.profile.fixtures.page_id}/photos`, { query: { access_token: at.profile.tokens.page, n } });
      expect((await photos(a, 1)).status).toBe(200);
      expect(errorCode(await photos(a, 2))).toBe(80001);
      // b's first call and the target's are each their own first: served.
      expect((await photos(b, 3)).status).toBe(200);
      expect((await photos(outside, 4)).status).toBe(200);
      expect(errorCode(await photos(b, 5))).toBe(80001);
    } finally {
      await limited.close();
    }
  });
});

describe('DELETE /sessions/{id}', () => {
  it('drops the session and its pending deliveries: a queued retry is never attempted', async () => {
    const [dropped, kept, other] = [await session(), await session(), await session()];
    await subscribe(dropped, '/fail-dropped');
    await subscribe(kept, '/fail-kept');
    await sendEvent(dropped, 1);
    await sendEvent(kept, 2);
    // A first attempt and the immediate retry failed in each: a retry is queued 60 s on.
    expect([postsTo('/fail-dropped').length, postsTo('/fail-kept').length]).toEqual([2, 2]);
    await ctl(kept, 'POST', '/clock', { advance_seconds: 60 });
    expect(postsTo('/fail-kept')).toHaveLength(3);

    expect((await drop(dropped)).body).toEqual({ ok: true });
    await ctl(other, 'POST', '/clock', { advance_seconds: 36 * HOUR });
    await control(ref, 'POST', '/clock', { advance_seconds: 36 * HOUR });
    expect(postsTo('/fail-dropped')).toHaveLength(2);
    for (const refused of [await ctl(dropped, 'POST', '/clock', { advance_seconds: 60 }), await api(dropped, 'GET', `/${dropped.pageId}/feed`)]) {
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({ code: 100, type: 'ControlException' });
      expect(refused.body.error.message).toContain(dropped.id);
    }
    expect(postsTo('/fail-dropped')).toHaveLength(2);
    const again = await deleteSession(ref, dropped.id);
    expect(again.status).toBe(404);
    expect(errorCode(again)).toBe(100);
  });

  it('stops the retries of a clock move under way in the dropped session', async () => {
    const dropped = await session();
    await subscribe(dropped, '/hold');
    await sendEvent(dropped, 1);
    const moving = ctl(dropped, 'POST', '/clock', { advance_seconds: 36 * HOUR });
    const answerHeld = await heldPost.promise;
    expect((await drop(dropped)).body).toEqual({ ok: true });
    answerHeld(500);
    await moving;
    // Left running, the move would attempt every retry due in 36 h (the test without a delete: at least 4 more).
    expect(postsTo('/hold')).toHaveLength(3);
  });
});

describe('the session limit', () => {
  it('answers 429 in the error envelope at the limit, and a freed slot serves again', async () => {
    const two = await startReference({ maxSessions: 2 });
    try {
      const first = await openSession(two);
      const second = await openSession(two);
      const refused = await call(two, 'POST', `${two.controlUrl}/sessions`, { json: {} });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 4, type: 'ControlException', fbtrace_id: expect.any(String) });
      expect(refused.body.error.message).toMatch(/limit is 2/);
      expect((await deleteSession(two, first.id)).body).toEqual({ ok: true });
      const third = await openSession(two);
      expect(new Set([first.id, second.id, third.id]).size).toBe(3);
      expect((await ctl(third, 'GET', '/clock')).status).toBe(200);
      expect((await call(two, 'POST', `${two.controlUrl}/sessions`, { json: {} })).status).toBe(429);
    } finally {
      await two.close();
    }
  });

  it('serves no sessions at all with a limit of 0', async () => {
    const none = await startReference({ maxSessions: 0 });
    try {
      expect(none.profile['capabilities']).toEqual(CAPABILITIES);
      expect((await call(none, 'GET', `${none.controlUrl}/profile`)).body.capabilities).toEqual(CAPABILITIES);
      expect((await call(none, 'POST', `${none.controlUrl}/sessions`, { json: {} })).status).toBe(404);
    } finally {
      await none.close();
    }
  });
});
