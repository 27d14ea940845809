import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { imageBytes } from '../../../harness/content-host/index.js';
import { startReference } from '../../../reference/index.js';
import { repoPath } from '../../helpers/paths.js';
import { call, control, errorCode, toAnswer } from '../../helpers/reference/reference-client.js';
import { api, ctl, deleteSession, openSession, type SessionRef } from '../../helpers/reference/sessions-client.js';
import { useSessionsTestBed } from '../../helpers/reference/sessions-test-bed.js';

const CAPABILITIES = ['profile', 'reset', 'clock', 'authorize', 'events', 'trust', 'app', 'deliveries'];
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

describe('POST /sessions', () => {
  it('answers a complete profile whose every address is under the session, without the sessions capability', async () => {
    expect(ref.profile['capabilities']).toEqual([...CAPABILITIES, 'sessions']);
    const s = await bed.session();
    const base = `${ref.url}/_sessions/${s.id}`;
    expect(s.profile).toMatchObject({
      contract: 1,
      base_url: base,
      auth_url: base,
      imgnet_base_url: base,
      control_url: `${base}/_control`,
      capabilities: CAPABILITIES,
      app: { live: true },
      tokens: ref.profile['tokens'],
      fixtures: ref.profile['fixtures'],
      webhooks: ref.profile['webhooks'],
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
    const s = await bed.session();
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
    const s = await bed.session();
    expect(await bed.clockOf(s)).toBe(targetNow);
    expect(await sessionFeed(s)).toBe(before);
    await ctl(s, 'POST', '/clock', { advance_seconds: 700 });
    await api(s, 'POST', `/${s.pageId}/feed`, { form: { access_token: s.tokens['page'] ?? '', message: 'inside' } });
    expect((await ctl(s, 'POST', '/reset')).body).toEqual({ ok: true });
    expect(await bed.clockOf(s)).toBe(targetNow);
    expect(await sessionFeed(s)).toBe(before);
    expect(await targetFeed()).toBe(before + 1);
    expect(await bed.clockOf(ref)).toBe(targetNow);
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
