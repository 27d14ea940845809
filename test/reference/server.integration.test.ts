import { describe, expect, it } from 'vitest';
import { call, errorCode, toAnswer, useReference } from '../helpers/reference/reference-client.js';

const ref = useReference();

const feedPath = () => `/v25.0/${ref.pageId}/feed`;
const postFields = (id: string, fields: string) =>
  call(ref, 'GET', `/${id}`, { query: { access_token: ref.tokens['page'] ?? '', fields } });

describe('request handling', () => {
  it('answers errors in the contract envelope', async () => {
    const answer = await call(ref, 'GET', '/v25.0/does/not/exist');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['error']);
    expect(answer.body.error).toEqual({
      message: expect.any(String),
      type: 'GraphMethodException',
      code: 100,
      fbtrace_id: expect.any(String),
    });
  });

  it('treats unsupported methods as code 100 without changing state', async () => {
    const before = await call(ref, 'GET', feedPath(), { query: { access_token: ref.tokens['page'] ?? '' } });
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const answer = await call(ref, method, feedPath(), {
        form: { access_token: ref.tokens['page'] ?? '', message: 'm' },
      });
      expect(errorCode(answer)).toBe(100);
    }
    const after = await call(ref, 'GET', feedPath(), { query: { access_token: ref.tokens['page'] ?? '' } });
    expect(after.body).toEqual(before.body);
  });

  it('answers unknown tokens with 190 (OAuthException) and a missing one with 190', async () => {
    const unknown = await call(ref, 'GET', feedPath(), { query: { access_token: 'EAAB-made-up' } });
    expect(unknown.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect(errorCode(await call(ref, 'POST', feedPath(), { form: { message: 'm' } }))).toBe(190);
  });

  it('accepts a bearer header leniently', async () => {
    const answer = await call(ref, 'GET', feedPath(), {
      headers: { authorization: `Bearer ${ref.tokens['page']}` },
    });
    expect(answer.status).toBe(200);
    expect(new URL(answer.body.paging.next).searchParams.get('access_token')).toBe(ref.tokens['page']);
  });

  it('reads a form body without a Content-Type', async () => {
    const body = new URLSearchParams({
      access_token: ref.tokens['page'] ?? '',
      message: 'bare form',
    }).toString();
    const answer = await toAnswer(
      await fetch(new URL(feedPath(), ref.url), { method: 'POST', body: Buffer.from(body) }),
    );
    expect(answer.status).toBe(200);
    expect((await postFields(answer.body.id, 'message')).body.message).toBe('bare form');
  });

  it('reads multipart bodies, keeping text parts as params', async () => {
    const form = new FormData();
    form.set('access_token', ref.tokens['page'] ?? '');
    form.set('message', 'multi part é');
    form.set('thumbnail', new Blob([Buffer.from([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'x.jpg');
    const answer = await toAnswer(await fetch(new URL(feedPath(), ref.url), { method: 'POST', body: form }));
    expect(answer.status).toBe(200);
    expect((await postFields(answer.body.id, 'message')).body.message).toBe('multi part é');
  });

  it('folds bracket params into objects and lists', async () => {
    const answer = await call(ref, 'POST', feedPath(), {
      form: {
        access_token: ref.tokens['page'] ?? '',
        message: 'brackets',
        'feed_targeting[age_min]': 18,
        'feed_targeting[genders][0]': 2,
        'targeting[age_min]': 21,
        fields: 'feed_targeting,targeting',
      },
    });
    expect(answer.body.feed_targeting).toEqual({ age_min: 18, genders: [2] });
    expect(answer.body.targeting).toEqual({ age_min: 21 });
  });

  it('refuses a JSON body that is not an object and a malformed one', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const body of ['[1]', '{oops']) {
      const answer = await toAnswer(
        await fetch(new URL(feedPath(), ref.url), { method: 'POST', headers, body }),
      );
      expect(errorCode(answer)).toBe(100);
    }
  });

  it('ignores attempts to reach Object.prototype through params', async () => {
    const answer = await call(ref, 'POST', feedPath(), {
      form: { access_token: ref.tokens['page'] ?? '', message: 'safe', '__proto__[polluted]': 'yes' },
    });
    expect(answer.status).toBe(200);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
