import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, errorCode, type Ref, start } from '../../helpers/reference/reference-client.js';

let ref: Ref;
beforeAll(async () => {
  ref = await start();
});
afterAll(() => ref.close());

const feed = (query: Record<string, string | number>, token = ref.tokens['page'] ?? '', prefix = '/v25.0') =>
  call(ref, 'GET', `${prefix}/${ref.pageId}/feed`, { query: { access_token: token, ...query } });

async function walk(first: Answer): Promise<string[]> {
  const ids: string[] = [];
  let page = first;
  for (let i = 0; i < 200; i += 1) {
    expect(page.status).toBe(200);
    ids.push(...page.body.data.map((post: { id: string }) => post.id));
    const next: string | undefined = page.body.paging.next;
    if (!next) return ids;
    page = await call(ref, 'GET', next);
  }
  throw new Error('paging never ended');
}

describe('GET /{page_id}/feed', () => {
  it('walks next to the end, yielding every post once, published and unpublished alike', async () => {
    const first = await feed({ limit: 7, fields: 'id,is_published' });
    const ids = await walk(first);
    expect(ids.length).toBeGreaterThanOrEqual(150);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await walk(await feed({ limit: 100, fields: 'is_published' }));
    expect(all).toEqual(ids);
  });

  it('lists unpublished posts, told apart by a boolean is_published', async () => {
    const page = await feed({ limit: 100, fields: 'is_published' });
    const flags = page.body.data.map((post: { is_published: unknown }) => post.is_published);
    expect(flags).toContain(true);
    expect(flags).toContain(false);
    expect(flags.every((flag: unknown) => typeof flag === 'boolean')).toBe(true);
  });

  it('answers the list shape with an absolute next that keeps the version prefix and carries the token', async () => {
    const page = await feed({ limit: 5 });
    expect(Array.isArray(page.body.data)).toBe(true);
    expect(page.body.data).toHaveLength(5);
    expect(typeof page.body.paging.cursors.before).toBe('string');
    expect(typeof page.body.paging.cursors.after).toBe('string');
    const next = new URL(page.body.paging.next);
    expect(next.origin).toBe(ref.url);
    expect(next.pathname).toBe(`/v25.0/${ref.pageId}/feed`);
    expect(next.searchParams.get('access_token')).toBe(ref.tokens['page']);
    expect(next.searchParams.get('after')).toBe(page.body.paging.cursors.after);
  });

  it('keeps an unversioned call unversioned in next', async () => {
    const page = await feed({ limit: 5 }, ref.tokens['page'], '');
    expect(new URL(page.body.paging.next).pathname).toBe(`/${ref.pageId}/feed`);
  });

  it('gives the next page for after=cursors.after and the previous one for before=cursors.before', async () => {
    const first = await feed({ limit: 4 });
    const second = await feed({ limit: 4, after: first.body.paging.cursors.after });
    expect(second.body.data[0].id).toBe((await call(ref, 'GET', first.body.paging.next)).body.data[0].id);
    const back = await feed({ limit: 4, before: second.body.paging.cursors.before });
    expect(back.body.data).toEqual(first.body.data);
  });

  it('caps limit at 100 with an error naming 100', async () => {
    expect((await feed({ limit: 100 })).body.data).toHaveLength(100);
    const over = await feed({ limit: 101 });
    expect(errorCode(over)).toBe(100);
    expect(over.body.error.message).toContain('100');
    expect(typeof over.body.error.fbtrace_id).toBe('string');
  });

  it('refuses a limit that is not a positive integer and a cursor it never issued', async () => {
    expect(errorCode(await feed({ limit: 0 }))).toBe(100);
    expect(errorCode(await feed({ limit: 'ten' }))).toBe(100);
    expect(errorCode(await feed({ after: 'bm90LWEtY3Vyc29y' }))).toBe(100);
  });

  it('pages 25 posts by default and returns id, message and created_time as default fields', async () => {
    const page = await feed({});
    expect(page.body.data).toHaveLength(25);
    const post = page.body.data[0];
    expect(Object.keys(post).sort()).toEqual(['created_time', 'id', 'message']);
    expect(post.created_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
  });

  it('selects fields and always includes id', async () => {
    const page = await feed({ limit: 3, fields: 'is_published,from,privacy,comments{message}' });
    for (const post of page.body.data) {
      expect(Object.keys(post).sort()).toEqual(['from', 'id', 'is_published', 'privacy']);
      expect(post.from).toEqual({ name: 'Reference Page', id: ref.pageId });
    }
  });

  it('needs a Page token of the Page: a user token gets code 200, a missing token 190', async () => {
    expect(errorCode(await feed({}, ref.tokens['user']))).toBe(200);
    expect(errorCode(await feed({}, ref.appToken))).toBe(200);
    expect(errorCode(await call(ref, 'GET', `/${ref.pageId}/feed`))).toBe(190);
    expect(errorCode(await feed({}, 'EAAP-never-issued'))).toBe(190);
    expect((await feed({}, ref.tokens['page_no_moderate'])).status).toBe(200);
  });

  it('reads one post by id with the same fields', async () => {
    const id = (await feed({ limit: 1 })).body.data[0].id;
    const post = await call(ref, 'GET', `/${id}`, {
      query: { access_token: ref.tokens['page'] ?? '', fields: 'is_published,status_type' },
    });
    expect(post.body).toMatchObject({ id, status_type: 'mobile_status_update' });
  });

  it('answers an unknown Page as an unsupported operation (code 100)', async () => {
    const answer = await call(ref, 'GET', '/9999999/feed', {
      query: { access_token: ref.tokens['page'] ?? '' },
    });
    expect(errorCode(answer)).toBe(100);
  });
});
