import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentHost, imageBytes, startContentHost } from '../../../harness/content-host/index.js';
import { unpublishedPhoto, uploadPhoto } from '../../helpers/reference/photos-client.js';
import { type Answer, call, errorCode, toAnswer, useReference } from '../../helpers/reference/reference-client.js';
import { REALWORLD } from '../../helpers/paths.js';

const ref = useReference();
let host: ContentHost;
beforeAll(async () => {
  host = await startContentHost();
});
afterAll(() => host.close());

const POST_ID = '2000001_159';
const page = () => ref.tokens['page'] ?? '';
const read = (id: string, query: Record<string, string | number> = {}, token = page()) =>
  call(ref, 'GET', `/v25.0/${id}/comments`, { query: { access_token: token, ...query } });
const comment = (id: string, form: Record<string, string>, token = page()) =>
  call(ref, 'POST', `/v25.0/${id}/comments`, { form: { access_token: token, ...form } });
const ids = (answer: Answer): string[] => answer.body.data.map((c: { id: string }) => c.id);

describe('GET /{object_id}/comments', () => {
  it('lists top-level comments oldest first by default, each with a boolean can_comment', async () => {
    const answer = await read(POST_ID);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(3);
    expect(typeof answer.body.paging.cursors.after).toBe('string');
    expect(ids(answer)).toEqual([...ids(answer)].sort());
    for (const item of answer.body.data) expect(typeof item.can_comment).toBe('boolean');
    expect(ids(await read(POST_ID, { filter: 'toplevel' }))).toEqual(ids(answer));
  });

  it('lists every level with filter=stream, and refuses other filters', async () => {
    const stream = await read(POST_ID, { filter: 'stream' });
    expect(stream.body.data).toHaveLength(5);
    expect(ids(stream)).toEqual([...ids(stream)].sort());
    expect(errorCode(await read(POST_ID, { filter: 'all' }))).toBe(100);
  });

  it('adds summary {order, total_count} on request: top-level or all levels by filter (R12)', async () => {
    const plain = await read(POST_ID);
    expect(plain.body.summary).toBeUndefined();
    const top = await read(POST_ID, { summary: 'true' });
    expect(top.body.summary).toEqual({ order: 'chronological', total_count: 3 });
    const stream = await read(POST_ID, { summary: 'true', filter: 'stream' });
    expect(stream.body.summary).toEqual({ order: 'chronological', total_count: 5 });
  });

  it('has the shape of recorded traffic (fb_graph2 comments with summary)', async () => {
    const recorded = JSON.parse(
      readFileSync(
        join(REALWORLD, 'fb_graph2/post/comments_with_summary.json'),
        'utf8',
      ),
    );
    const ours = await read(POST_ID, { summary: 1 });
    expect(Object.keys(ours.body).sort()).toEqual(Object.keys(recorded).sort());
    expect(Object.keys(ours.body.summary).sort()).toEqual(Object.keys(recorded.summary).sort());
    expect(Object.keys(ours.body.paging.cursors).sort()).toEqual(Object.keys(recorded.paging.cursors).sort());
    expect(typeof ours.body.summary.total_count).toBe(typeof recorded.summary.total_count);
  });

  it('pages with limit and after, yielding each comment once', async () => {
    const first = await read(POST_ID, { filter: 'stream', limit: 2 });
    expect(first.body.data).toHaveLength(2);
    const second = await call(ref, 'GET', first.body.paging.next);
    const third = await call(ref, 'GET', second.body.paging.next);
    const all = ids(await read(POST_ID, { filter: 'stream' }));
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(all);
  });

  it('returns empty data to a User token on posts, photos and videos', async () => {
    for (const id of [POST_ID, '8000006', '5000001']) {
      const answer = await read(id, {}, ref.tokens['user']);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
    }
  });

  it('leaves out comment ids without the MODERATE task, and needs a token', async () => {
    const answer = await read(POST_ID, {}, ref.tokens['page_no_moderate']);
    expect(answer.body.data).toHaveLength(3);
    for (const item of answer.body.data) expect(item.id).toBeUndefined();
    expect(errorCode(await call(ref, 'GET', `/${POST_ID}/comments`))).toBe(190);
  });

  it('serves photos, videos, live videos and comments, and refuses unknown objects', async () => {
    const seeded: Record<string, number> = { '8000006': 1, '5000001': 2, '6000001': 1 };
    for (const [id, count] of Object.entries(seeded)) expect((await read(id)).body.data).toHaveLength(count);
    const parent = ids(await read(POST_ID))[1] ?? '';
    expect((await read(parent)).body.data).toHaveLength(2);
    expect(errorCode(await read('123456789'))).toBe(100);
  });
});

describe('POST /{object_id}/comments', () => {
  it('answers {id}; the comment is listed last, and fields= reads it back', async () => {
    const created = await comment(POST_ID, { message: 'Hello @[2000001]' });
    expect(created.body).toEqual({ id: expect.any(String) });
    expect(ids(await read(POST_ID)).at(-1)).toBe(created.body.id);
    const readBack = await comment(POST_ID, { message: 'again', fields: 'message,can_comment' });
    expect(readBack.body).toMatchObject({ id: expect.any(String), message: 'again', can_comment: true });
  });

  it('needs message, attachment_id, attachment_share_url, attachment_url or source (code 100)', async () => {
    expect(errorCode(await comment(POST_ID, {}))).toBe(100);
    expect(errorCode(await comment(POST_ID, { message: '' }))).toBe(100);
    expect((await comment(POST_ID, { attachment_id: await unpublishedPhoto(ref) })).status).toBe(200);
    const gif = host.imageUrl('wave', { format: 'gif' });
    expect((await comment(POST_ID, { attachment_share_url: gif })).status).toBe(200);
    const png = host.imageUrl('c', { format: 'png' });
    expect((await comment(POST_ID, { attachment_url: png })).status).toBe(200);
    const form = new FormData();
    form.set('access_token', page());
    form.set('source', new Blob([imageBytes('jpeg')]), 'reply.jpg');
    const url = new URL(`/v25.0/${POST_ID}/comments`, ref.url);
    const upload = await fetch(url, { method: 'POST', body: form });
    expect((await toAnswer(upload)).body).toEqual({ id: expect.any(String) });
  });

  it('refuses attachments it cannot use', async () => {
    const published = (await uploadPhoto(ref, { vault_image_id: '1' })).body.id;
    expect(errorCode(await comment(POST_ID, { attachment_id: published }))).toBe(100);
    expect(errorCode(await comment(POST_ID, { attachment_url: host.unreachableUrl() }))).toBe(100);
  });

  it('replies to top-level comments only, listing replies under the comment and in the stream', async () => {
    const top = (await comment(POST_ID, { message: 'top' })).body.id;
    const reply = (await comment(top, { message: 'reply', fields: 'can_comment' })).body;
    expect(reply.can_comment).toBe(false);
    expect(ids(await read(top))).toEqual([reply.id]);
    expect(ids(await read(POST_ID, { filter: 'stream' }))).toContain(reply.id);
    expect(ids(await read(POST_ID))).not.toContain(reply.id);
    expect(errorCode(await comment(reply.id, { message: 'too deep' }))).toBe(100);
  });

  it('comments on created posts, uploaded photos, videos and live videos', async () => {
    const form = { access_token: page(), message: 'p' };
    const post = await call(ref, 'POST', `/${ref.pageId}/feed`, { form });
    const photo = (await uploadPhoto(ref, { vault_image_id: '2' })).body.id;
    for (const id of [post.body.id, photo, '5000001', '6000001']) {
      const created = await comment(id, { message: 'hi' });
      expect(ids(await read(id))).toContain(created.body.id);
    }
  });

  it('needs MODERATE and pages_manage_engagement (code 200), and changes nothing when refused', async () => {
    const before = ids(await read(POST_ID));
    expect(errorCode(await comment(POST_ID, { message: 'm' }, ref.tokens['page_no_moderate']))).toBe(200);
    expect(errorCode(await comment(POST_ID, { message: 'm' }, ref.tokens['user']))).toBe(200);
    expect(errorCode(await comment(POST_ID, { message: 'm' }, ''))).toBe(190);
    expect(ids(await read(POST_ID))).toEqual(before);
  });
});

describe('/{comment_id} and unsupported edge operations (R2)', () => {
  it('DELETE /{comment_id} removes it and its replies from every list', async () => {
    const parent = ids(await read(POST_ID))[1] ?? '';
    const query = { access_token: page() };
    expect((await call(ref, 'DELETE', `/${parent}`, { query })).body).toEqual({ success: true });
    expect(ids(await read(POST_ID))).not.toContain(parent);
    expect((await read(POST_ID, { filter: 'stream', summary: 1 })).body.summary.total_count).toBe(2);
    expect(errorCode(await call(ref, 'GET', `/${parent}`, { query }))).toBe(100);
  });

  it('reads one comment with GET /{comment_id}', async () => {
    const id = ids(await read(POST_ID))[0] ?? '';
    const answer = await call(ref, 'GET', `/${id}`, { query: { access_token: page() } });
    expect(answer.body).toMatchObject({ id, can_comment: true });
  });

  it('refuses update and delete through the edge, changing nothing', async () => {
    const before = ids(await read(POST_ID, { filter: 'stream' }));
    const query = { access_token: page() };
    expect(errorCode(await call(ref, 'DELETE', `/${POST_ID}/comments`, { query }))).toBe(100);
    const id = before[0] ?? '';
    expect(errorCode(await call(ref, 'POST', `/${id}`, { form: { ...query, message: 'edited' } }))).toBe(100);
    const weak = { access_token: ref.tokens['page_no_moderate'] ?? '' };
    expect(errorCode(await call(ref, 'DELETE', `/${id}`, { query: weak }))).toBe(200);
    expect(ids(await read(POST_ID, { filter: 'stream' }))).toEqual(before);
  });
});
