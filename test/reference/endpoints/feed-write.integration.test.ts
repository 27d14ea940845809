import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  closedPort,
  control,
  errorCode,
  type Ref,
  start,
  startContentHost,
} from '../../helpers/reference/reference-client.js';

let ref: Ref;
let host: { url: string; close(): Promise<void> };
beforeAll(async () => {
  [ref, host] = await Promise.all([start(), startContentHost()]);
});
afterAll(() => Promise.all([ref.close(), host.close()]));
beforeEach(async () => {
  await control(ref, 'POST', '/reset');
});

const post = (form: Record<string, string | number>, token = ref.tokens['page'] ?? '') =>
  call(ref, 'POST', `/v25.0/${ref.pageId}/feed`, { form: { access_token: token, ...form } });

const now = async (): Promise<number> => (await control(ref, 'GET', '/clock')).body.now;

const children = (n: number) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) => ({ link: `${host.url}/ok/${i}`, picture: `${host.url}/p.png` })),
  );

describe('POST /{page_id}/feed', () => {
  it('publishes a message and answers {id}; fields= reads the new post back', async () => {
    const plain = await post({ message: 'hello' });
    expect(plain.body).toEqual({ id: expect.stringMatching(new RegExp(`^${ref.pageId}_\\d+$`)) });
    const read = await post({ message: 'again', fields: 'message,is_published' });
    expect(read.body).toMatchObject({ message: 'again', is_published: true });
  });

  it('needs link or message (code 100)', async () => {
    expect(errorCode(await post({}))).toBe(100);
    expect(errorCode(await post({ name: 'title only' }))).toBe(100);
  });

  it('fetches the link: reachable passes, 404 and refused connections fail, outside hosts are never fetched', async () => {
    expect((await post({ link: `${host.url}/ok/page` })).status).toBe(200);
    expect(errorCode(await post({ link: `${host.url}/missing` }))).toBe(100);
    expect(errorCode(await post({ link: `http://127.0.0.1:${await closedPort()}/` }))).toBe(100);
    expect(errorCode(await post({ link: 'https://unreachable.invalid/' }))).toBe(100);
  });

  it('refuses published=false together with actions', async () => {
    const actions = JSON.stringify([{ name: 'Shop', link: `${host.url}/ok` }]);
    expect(errorCode(await post({ message: 'm', published: 'false', actions }))).toBe(100);
    expect((await post({ message: 'm', actions })).status).toBe(200);
  });

  it('accepts scheduled times from 10 minutes to 75 days ahead, inclusive, and refuses outside', async () => {
    const t = await now();
    for (const delta of [600, 6_480_000]) {
      expect(
        (await post({ message: 'm', published: 'false', scheduled_publish_time: t + delta })).status,
      ).toBe(200);
    }
    for (const delta of [599, 6_480_001, -10]) {
      expect(
        errorCode(await post({ message: 'm', published: 'false', scheduled_publish_time: t + delta })),
      ).toBe(100);
    }
  });

  it('keeps a scheduled post unpublished until the clock reaches its time', async () => {
    const t = await now();
    const created = await post({ message: 'later', published: 'false', scheduled_publish_time: t + 3600 });
    const read = async () =>
      (
        await call(ref, 'GET', `/${created.body.id}`, {
          query: { access_token: ref.tokens['page'] ?? '', fields: 'is_published,sheduled_publish_time' },
        })
      ).body;
    expect(await read()).toMatchObject({ is_published: false, sheduled_publish_time: t + 3600 });
    await control(ref, 'POST', '/clock', { advance_seconds: 3599 });
    expect((await read()).is_published).toBe(false);
    await control(ref, 'POST', '/clock', { advance_seconds: 1 });
    expect((await read()).is_published).toBe(true);
  });

  it('keeps published=false posts unpublished', async () => {
    const created = await post({ message: 'draft', published: 'false', fields: 'is_published' });
    expect(created.body.is_published).toBe(false);
  });

  it('bounds child_attachments: 2..10 by default or with optimized true, 2..5 with optimized false', async () => {
    for (const n of [2, 10])
      expect((await post({ message: 'm', child_attachments: children(n) })).status).toBe(200);
    for (const n of [1, 11])
      expect(errorCode(await post({ message: 'm', child_attachments: children(n) }))).toBe(100);
    const explicit = { message: 'm', multi_share_optimized: 'true', child_attachments: children(10) };
    expect((await post(explicit)).status).toBe(200);
    const off = (n: number) =>
      post({ message: 'm', multi_share_optimized: 'false', child_attachments: children(n) });
    expect((await off(5)).status).toBe(200);
    expect(errorCode(await off(6))).toBe(100);
  });

  it('needs link and picture or image_hash in each child attachment', async () => {
    const noPicture = JSON.stringify([{ link: 'a' }, { link: 'b', picture: 'p' }]);
    const noLink = JSON.stringify([{ picture: 'p' }, { link: 'b', image_hash: 'h' }]);
    const hash = JSON.stringify([
      { link: 'a', image_hash: 'h' },
      { link: 'b', image_hash: 'h' },
    ]);
    expect(errorCode(await post({ message: 'm', child_attachments: noPicture }))).toBe(100);
    expect(errorCode(await post({ message: 'm', child_attachments: noLink }))).toBe(100);
    expect((await post({ message: 'm', child_attachments: hash })).status).toBe(200);
  });

  it('checks feed_targeting ages and targeting.age_min values', async () => {
    const ft = (value: object) => post({ message: 'm', feed_targeting: JSON.stringify(value) });
    expect((await ft({ age_max: 65, age_min: 13 })).status).toBe(200);
    expect((await ft({ age_min: 0 })).status).toBe(200);
    expect(errorCode(await ft({ age_max: 66 }))).toBe(100);
    expect(errorCode(await ft({ age_min: 12 }))).toBe(100);
    expect(errorCode(await ft({ age_min: 1 }))).toBe(100);
    expect(errorCode(await ft({ genders: [3] }))).toBe(100);
    for (const age of [13, 15, 18, 21, 25]) {
      expect((await post({ message: 'm', targeting: JSON.stringify({ age_min: age }) })).status).toBe(200);
    }
    expect(errorCode(await post({ message: 'm', targeting: JSON.stringify({ age_min: 14 }) }))).toBe(100);
  });

  it('reads feed_targeting back as written (JSON body, object values)', async () => {
    const answer = await call(ref, 'POST', `/${ref.pageId}/feed`, {
      json: {
        access_token: ref.tokens['page'],
        message: 'json',
        feed_targeting: { age_min: 18, genders: [1] },
        fields: 'feed_targeting',
      },
    });
    expect(answer.body.feed_targeting).toEqual({ age_min: 18, genders: [1] });
  });

  it('refuses tags without place', async () => {
    expect(errorCode(await post({ message: 'm', tags: '7200001' }))).toBe(100);
    expect((await post({ message: 'm', tags: '7200001', place: '8000001' })).status).toBe(200);
  });

  it('takes attached_media[n] in bracket form and call_to_action with a type', async () => {
    const upload = async (): Promise<string> =>
      (
        await call(ref, 'POST', `/v25.0/${ref.pageId}/photos`, {
          form: { access_token: ref.tokens['page'] ?? '', vault_image_id: '1', published: 'false' },
        })
      ).body.id;
    const media = await post({
      message: 'photos',
      'attached_media[0]': JSON.stringify({ media_fbid: await upload() }),
      'attached_media[1]': JSON.stringify({ media_fbid: await upload() }),
      fields: 'status_type',
    });
    expect(media.body.status_type).toBe('added_photos');
    const cta = JSON.stringify({ type: 'BOOK_TRAVEL' });
    expect((await post({ link: `${host.url}/ok`, call_to_action: cta })).status).toBe(200);
  });

  it('needs pages_manage_posts (code 200) and an issued token (code 190)', async () => {
    expect(errorCode(await post({ message: 'm' }, ref.tokens['page_no_manage_posts']))).toBe(200);
    expect(errorCode(await post({ message: 'm' }, ref.tokens['user']))).toBe(200);
    expect(errorCode(await post({ message: 'm' }, 'EAAP-never-issued'))).toBe(190);
  });

  it('changes nothing when it refuses', async () => {
    const before = await call(ref, 'GET', `/${ref.pageId}/feed`, {
      query: { access_token: ref.tokens['page'] ?? '' },
    });
    await post({ message: 'm', feed_targeting: JSON.stringify({ age_max: 70 }) });
    const after = await call(ref, 'GET', `/${ref.pageId}/feed`, {
      query: { access_token: ref.tokens['page'] ?? '' },
    });
    expect(after.body.data).toEqual(before.body.data);
  });
});
