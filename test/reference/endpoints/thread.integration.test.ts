import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorCode, type Ref, start } from '../../helpers/reference/reference-client.js';

let ref: Ref;
beforeAll(async () => {
  ref = await start();
});
afterAll(() => ref.close());

const thread = (fields?: string, token = ref.tokens['page'] ?? '') =>
  call(ref, 'GET', '/v25.0/t_1', { query: { access_token: token, ...(fields ? { fields } : {}) } });
const count = async (fields: string): Promise<number> => (await thread(fields)).body.messages.data.length;

describe('GET /{thread_id}', () => {
  it('answers the stated fields with their types', async () => {
    const fields = 'id,comments,to,unread,unseen,updated_time,can_reply,linked_group';
    const { status, body } = await thread(fields);
    expect(status).toBe(200);
    expect(body.id).toBe('t_1');
    expect(Array.isArray(body.comments.data)).toBe(true);
    expect(Array.isArray(body.to.data)).toBe(true);
    expect(Number.isInteger(body.unread)).toBe(true);
    expect(Number.isInteger(body.unseen)).toBe(true);
    expect(body.updated_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    expect(typeof body.can_reply).toBe('boolean');
    expect(typeof body.linked_group).toBe('string');
  });

  it('answers a few fields without fields=', async () => {
    const { body } = await thread();
    expect(body).toMatchObject({ id: 't_1', can_reply: true });
    expect(Number.isInteger(body.unread)).toBe(true);
  });

  it('returns admin text without a source filter, only participant messages with PARTICIPANTS', async () => {
    const all = await count('messages');
    const participants = await count('messages.source(PARTICIPANTS)');
    expect(participants).toBeGreaterThanOrEqual(1);
    expect(all).toBeGreaterThan(participants);
    expect(await count('messages.source(PARTICIPANTS).limit(2)')).toBe(Math.min(2, participants));
    expect(await count('messages.limit(1)')).toBe(1);
    expect(await count('messages.limit(1).source(PARTICIPANTS){message,from}')).toBe(1);
  });

  it('pages the messages connection read with limit(n): paging.next continues on the edge, source kept', async () => {
    const all = await count('messages.limit(100)');
    for (const fields of ['messages.limit(2)', 'messages.source(PARTICIPANTS).limit(1)']) {
      const whole = await count(fields.replace(/limit\(\d+\)/, 'limit(100)'));
      let page = (await thread(fields)).body.messages;
      const seen: string[] = [];
      for (;;) {
        seen.push(...page.data.map((m: { id: string }) => m.id));
        if (!page.paging?.next) break;
        expect(new URL(page.paging.next).pathname).toBe('/v25.0/t_1/messages');
        page = (await call(ref, 'GET', page.paging.next)).body;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(whole);
    }
    expect(all).toBeGreaterThan(2);
  });

  it('refuses an unknown source and a non-positive limit (code 100)', async () => {
    expect(errorCode(await thread('messages.source(NOBODY)'))).toBe(100);
    expect(errorCode(await thread('messages.limit(0)'))).toBe(100);
  });

  it('serves the messages edge on its own with source as a parameter', async () => {
    const query = { access_token: ref.tokens['page'] ?? '', source: 'PARTICIPANTS' };
    const edge = await call(ref, 'GET', '/t_1/messages', { query });
    expect(edge.body.data).toHaveLength(await count('messages.source(PARTICIPANTS)'));
  });

  it('needs a Page token of a person who can MODERATE (code 200) and a token (code 190)', async () => {
    expect(errorCode(await thread('id', ref.tokens['page_no_moderate']))).toBe(200);
    expect(errorCode(await thread('id', ref.tokens['user']))).toBe(200);
    expect(errorCode(await call(ref, 'GET', '/t_1'))).toBe(190);
  });

  it('does not support create, update or delete', async () => {
    const query = { access_token: ref.tokens['page'] ?? '' };
    const form = { ...query, message: 'm' };
    expect(errorCode(await call(ref, 'POST', '/t_1', { form }))).toBe(100);
    expect(errorCode(await call(ref, 'DELETE', '/t_1', { query }))).toBe(100);
    expect(errorCode(await call(ref, 'POST', '/t_1/messages', { form }))).toBe(100);
  });
});
