import { describe, expect, it } from 'vitest';
import { startReference } from '../../../reference/index.js';
import { call, control, errorCode } from '../../helpers/reference/reference-client.js';
import { api, ctl, deleteSession, openSession, type SessionRef } from '../../helpers/reference/sessions-client.js';
import { useSessionsTestBed } from '../../helpers/reference/sessions-test-bed.js';

const HOUR = 3600;
const bed = useSessionsTestBed();
const { ref } = bed;

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
const targetFeed = () => feedCount(bed.ref, bed.ref.tokens['page'] ?? '', bed.ref.pageId);

describe('nothing done in one session is seen in another or outside', () => {
  it('objects created and deleted, with each session using its own profile tokens and ids', async () => {
    const [a, b] = [await bed.session(), await bed.session()];
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
    const [a, b] = [await bed.session(), await bed.session()];
    const start = await bed.clockOf(ref);
    await api(b, 'POST', `/${b.pageId}/feed`, { form: { access_token: b.tokens['page'] ?? '', message: 'kept in b' } });
    const inB = await sessionFeed(b);
    await ctl(a, 'POST', '/clock', { advance_seconds: 9000 });
    await ctl(a, 'POST', '/app', { live: false });
    expect((await ctl(a, 'POST', '/reset')).body).toEqual({ ok: true });
    expect(await sessionFeed(b)).toBe(inB);
    expect([await bed.clockOf(b), await bed.clockOf(ref)]).toEqual([start, start]);
    await ctl(a, 'POST', '/clock', { advance_seconds: 9000 });
    expect([await bed.clockOf(a), await bed.clockOf(b), await bed.clockOf(ref)]).toEqual([start + 9000, start, start]);
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
    const [a, b] = [await bed.session(), await bed.session()];
    await bed.subscribe(a, '/a');
    // b has not trusted the receiver's CA: a's trust is a's alone.
    const untrusted = await api(b, 'POST', `/v25.0/${b.appId}/subscriptions`, {
      form: { access_token: b.appToken, object: 'page', callback_url: `${bed.receiverUrl()}/b`, verify_token: 'vt', fields: 'feed' },
    });
    expect(untrusted.body.error.message).toMatch(/certificate/i);
    await bed.subscribe(b, '/b');
    const listed = async (at: { url: string; appId: string; appToken: string }) =>
      (await api(at, 'GET', `/v25.0/${at.appId}/subscriptions`, { query: { access_token: at.appToken } })).body.data.map(
        (sub: { callback_url: string }) => sub.callback_url,
      );
    expect(await listed(a)).toEqual([`${bed.receiverUrl()}/a`]);
    expect(await listed(b)).toEqual([`${bed.receiverUrl()}/b`]);
    expect(await listed(ref)).toEqual([]);

    await bed.sendEvent(a, 1);
    await bed.sendEvent(b, 2);
    await bed.sendEvent(b, 3);
    await bed.sendEvent(ref, 4);
    const numbers = (route: string) => bed.postsTo(route).map((h) => JSON.parse(h.body).entry[0].changes[0].value.n);
    expect(numbers('/a')).toEqual([1]);
    expect(numbers('/b')).toEqual([2, 3]);
    expect(bed.hits.filter((h) => h.method === 'POST')).toHaveLength(3);
    expect((await ctl(a, 'GET', '/deliveries')).body.data).toHaveLength(1);
    expect((await ctl(b, 'GET', '/deliveries')).body.data).toHaveLength(2);
    expect((await control(ref, 'GET', '/deliveries')).body.data).toEqual([]);
  });

  it('rate-limit counters, while the target fault switches and fixture set hold in every session', async () => {
    const limited = await startReference({ rateLimitEvery: 2, fixtures: 'empty', faults: ['versioning-no-served-header'] });
    try {
      const [a, b] = [await openSession(limited), await openSession(limited)];
      const feed = await api(a, 'GET', `/v25.0/${a.pageId}/feed`, { query: { access_token: a.tokens['page'] ?? '' } });
      expect([feed.status, feed.body.data, feed.headers.get('x-graph-version')]).toEqual([200, [], null]);
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
    const [dropped, kept, other] = [await bed.session(), await bed.session(), await bed.session()];
    await bed.subscribe(dropped, '/fail-dropped');
    await bed.subscribe(kept, '/fail-kept');
    await bed.sendEvent(dropped, 1);
    await bed.sendEvent(kept, 2);
    // A first attempt and the immediate retry failed in each: a retry is queued 60 s on.
    expect([bed.postsTo('/fail-dropped').length, bed.postsTo('/fail-kept').length]).toEqual([2, 2]);
    await ctl(kept, 'POST', '/clock', { advance_seconds: 60 });
    expect(bed.postsTo('/fail-kept')).toHaveLength(3);

    expect((await bed.drop(dropped)).body).toEqual({ ok: true });
    await ctl(other, 'POST', '/clock', { advance_seconds: 36 * HOUR });
    await control(ref, 'POST', '/clock', { advance_seconds: 36 * HOUR });
    expect(bed.postsTo('/fail-dropped')).toHaveLength(2);
    for (const refused of [await ctl(dropped, 'POST', '/clock', { advance_seconds: 60 }), await api(dropped, 'GET', `/${dropped.pageId}/feed`)]) {
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({ code: 100, type: 'ControlException' });
      expect(refused.body.error.message).toContain(dropped.id);
    }
    expect(bed.postsTo('/fail-dropped')).toHaveLength(2);
    const again = await deleteSession(ref, dropped.id);
    expect(again.status).toBe(404);
    expect(errorCode(again)).toBe(100);
  });

  it('stops the retries of a clock move under way in the dropped session', async () => {
    const dropped = await bed.session();
    await bed.subscribe(dropped, '/hold');
    await bed.sendEvent(dropped, 1);
    const moving = ctl(dropped, 'POST', '/clock', { advance_seconds: 36 * HOUR });
    const answerHeld = await bed.heldPost();
    expect((await bed.drop(dropped)).body).toEqual({ ok: true });
    answerHeld(500);
    await moving;
    // Left running, the move would attempt every retry due in 36 h (the test without a delete: at least 4 more).
    expect(bed.postsTo('/hold')).toHaveLength(3);
  });
});

