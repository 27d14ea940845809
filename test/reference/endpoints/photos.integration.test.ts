import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentHost, imageBytes, startContentHost } from '../../../harness/content-host/index.js';
import { photoIds, png, postWithPhotos, unpublishedPhoto, uploadPhoto } from '../../helpers/reference/photos-client.js';
import { call, control, errorCode, useReference } from '../../helpers/reference/reference-client.js';

const ref = useReference();
let host: ContentHost;
beforeAll(async () => {
  host = await startContentHost();
});
afterAll(() => host.close());

const listPhotos = (query: Record<string, string | number>, token = ref.tokens['page'] ?? '') =>
  call(ref, 'GET', `/v25.0/${ref.pageId}/photos`, { query: { access_token: token, ...query } });
const advance = (seconds: number) => control(ref, 'POST', '/clock', { advance_seconds: seconds });
const HOUR = 3600;

describe('GET /{page_id}/photos', () => {
  it('lists profile pictures by default, and tagged or uploaded photos by type, as {id} items', async () => {
    const profile = await listPhotos({});
    expect(profile.status).toBe(200);
    expect(profile.body.data.length).toBeGreaterThan(0);
    expect(typeof profile.body.paging.cursors.after).toBe('string');
    for (const photo of profile.body.data) expect(photo).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const tagged = await photoIds(ref, 'tagged');
    const uploaded = await photoIds(ref, 'uploaded');
    expect(tagged.length).toBeGreaterThan(0);
    expect(uploaded.length).toBeGreaterThan(0);
    expect(await photoIds(ref, 'profile')).toEqual(profile.body.data.map((p: { id: string }) => p.id));
    const me = await call(ref, 'GET', '/me/photos', { query: { access_token: ref.tokens['page'] ?? '' } });
    expect(me.body.data).toEqual(profile.body.data);
    expect(new Set([...tagged, ...uploaded, ...(await photoIds(ref, 'profile'))]).size).toBe(
      tagged.length + uploaded.length + profile.body.data.length,
    );
  });

  it('refuses a type outside the enum and wrongly typed ids (code 100)', async () => {
    expect(errorCode(await listPhotos({ type: 'album' }))).toBe(100);
    expect(errorCode(await listPhotos({ biz_tag_id: 'abc' }))).toBe(100);
  });

  it('needs a Page token of a person who can MODERATE (code 200), and a token (code 190)', async () => {
    expect(errorCode(await listPhotos({}, ref.tokens['page_no_moderate']))).toBe(200);
    expect(errorCode(await listPhotos({}, ref.tokens['user']))).toBe(200);
    expect(errorCode(await call(ref, 'GET', `/${ref.pageId}/photos`))).toBe(190);
    expect((await listPhotos({}, ref.tokens['page_no_manage_posts'])).status).toBe(200);
  });
});

describe('POST /{page_id}/photos', () => {
  it('publishes a file of each listed type under any part name: {id (numeric string), post_id}', async () => {
    for (const format of ['jpeg', 'bmp', 'png', 'gif', 'tiff'] as const) {
      const answer = await uploadPhoto(ref, {}, { data: imageBytes(format), field: `file_${format}` });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id: expect.stringMatching(/^\d+$/), post_id: expect.any(String) });
    }
  });

  it('makes a post for a published photo and lists it under type=uploaded', async () => {
    const { body } = await uploadPhoto(ref, { caption: 'New shop front' }, png());
    expect(await photoIds(ref, 'uploaded')).toContain(body.id);
    const post = await call(ref, 'GET', `/${body.post_id}`, {
      query: { access_token: ref.tokens['page'] ?? '', fields: 'message,status_type,is_published' },
    });
    expect(post.body).toMatchObject({
      message: 'New shop front',
      status_type: 'added_photos',
      is_published: true,
    });
    const query = { access_token: ref.tokens['page'] ?? '' };
    expect((await call(ref, 'GET', `/${body.id}`, { query })).body).toEqual({ id: body.id });
  });

  it('answers code 324 without any image source (R10) and refuses two sources', async () => {
    expect(errorCode(await uploadPhoto(ref, { caption: 'no file' }))).toBe(324);
    const two = await uploadPhoto(ref, { url: host.imageUrl('two', { format: 'png' }) }, png());
    expect(two.status).not.toBe(200);
  });

  it('refuses files that are not one of the five image types, whatever they are called', async () => {
    const text = { data: Buffer.from('just some text, not an image'), filename: 'fake.png' };
    expect([100, 324]).toContain(errorCode(await uploadPhoto(ref, {}, text)));
    const webp = { data: Buffer.from('RIFF\0\0\0\0WEBPVP8 '), filename: 'a.webp' };
    expect([100, 324]).toContain(errorCode(await uploadPhoto(ref, {}, webp)));
  });

  it('accepts 10,000,000 bytes and refuses 10,485,761 bytes (R9)', async () => {
    const fits = await uploadPhoto(ref, {}, { data: imageBytes('png', 10_000_000) });
    expect(fits.status).toBe(200);
    const over = await uploadPhoto(ref, {}, { data: imageBytes('bmp', 10_485_761), filename: 'big.bmp' });
    expect([100, 324]).toContain(errorCode(over));
  });

  it('fetches url from loopback hosts: images pass; pages, unreachable and outside hosts fail', async () => {
    const image = await uploadPhoto(ref, { url: host.imageUrl('shop', { format: 'jpeg' }) });
    expect(image.body).toEqual({ id: expect.stringMatching(/^\d+$/), post_id: expect.any(String) });
    expect(errorCode(await uploadPhoto(ref, { url: host.pageUrl('not-an-image') }))).toBe(324);
    expect(errorCode(await uploadPhoto(ref, { url: host.unreachableUrl() }))).toBe(324);
    expect(errorCode(await uploadPhoto(ref, { url: 'https://photos.invalid/a.png' }))).toBe(324);
    const big = host.imageUrl('big', { format: 'gif', bytes: 10_485_761 });
    expect(errorCode(await uploadPhoto(ref, { url: big }))).toBe(324);
  });

  it('answers {id} alone for an unpublished upload, which is not listed as uploaded (R36, R40)', async () => {
    const { body } = await uploadPhoto(ref, { published: 'false' }, png());
    expect(body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(await photoIds(ref, 'uploaded')).not.toContain(body.id);
  });

  it('takes temporary only with published=false and no scheduled_publish_time', async () => {
    expect((await uploadPhoto(ref, { published: 'false', temporary: 'true' }, png())).status).toBe(200);
    expect(errorCode(await uploadPhoto(ref, { temporary: 'true' }, png()))).toBe(100);
    const now = (await control(ref, 'GET', '/clock')).body.now;
    const scheduled = { published: 'false', temporary: 'true', scheduled_publish_time: now + HOUR };
    expect(errorCode(await uploadPhoto(ref, scheduled, png()))).toBe(100);
  });

  it('publishes a scheduled upload when the clock reaches its time', async () => {
    const now = (await control(ref, 'GET', '/clock')).body.now;
    const fields = { published: 'false', scheduled_publish_time: now + HOUR };
    const { body } = await uploadPhoto(ref, fields, png());
    expect(body).toEqual({ id: expect.any(String) });
    expect(await photoIds(ref, 'uploaded')).not.toContain(body.id);
    await advance(HOUR);
    expect(await photoIds(ref, 'uploaded')).toContain(body.id);
  });

  it('checks targeting like the feed, without the feed-only age_max cap', async () => {
    const target = (value: object, key = 'feed_targeting') =>
      uploadPhoto(ref, { [key]: JSON.stringify(value) }, png());
    expect(errorCode(await target({ age_min: 12 }))).toBe(100);
    expect(errorCode(await target({ age_min: 14 }, 'targeting'))).toBe(100);
    expect((await target({ age_min: 18 }, 'targeting')).status).toBe(200);
    expect((await target({ age_min: 13, age_max: 70 })).status).toBe(200);
  });

  it('needs pages_manage_posts (code 200) and a token (code 190); refusals change nothing', async () => {
    const before = await photoIds(ref, 'uploaded');
    expect(errorCode(await uploadPhoto(ref, {}, png(), ref.tokens['page_no_manage_posts']))).toBe(200);
    expect(errorCode(await uploadPhoto(ref, {}, png(), ref.tokens['user']))).toBe(200);
    expect(errorCode(await uploadPhoto(ref, {}, png(), ''))).toBe(190);
    expect(errorCode(await uploadPhoto(ref, { feed_targeting: '{"age_min":5}' }, png()))).toBe(100);
    expect(await photoIds(ref, 'uploaded')).toEqual(before);
  });

  it('does not support update or delete of a photo', async () => {
    const { body } = await uploadPhoto(ref, {}, png());
    const query = { access_token: ref.tokens['page'] ?? '' };
    expect(errorCode(await call(ref, 'DELETE', `/${body.id}`, { query }))).toBe(100);
    expect(errorCode(await call(ref, 'POST', `/${body.id}`, { query }))).toBe(100);
    expect(await photoIds(ref, 'uploaded')).toContain(body.id);
  });
});

describe('unpublished photos in multi-photo posts (R13)', () => {
  it('keeps an unpublished upload for 20 h: a post can still attach it', async () => {
    const ids = [await unpublishedPhoto(ref), await unpublishedPhoto(ref)];
    await advance(20 * HOUR);
    const answer = await postWithPhotos(ref, ids);
    expect(answer.body).toEqual({ id: expect.stringMatching(new RegExp(`^${ref.pageId}_\\d+$`)) });
  });

  it('deletes it by 28 h: a post that attaches it fails', async () => {
    const id = await unpublishedPhoto(ref);
    await advance(28 * HOUR);
    expect(errorCode(await postWithPhotos(ref, [id]))).toBe(100);
    const query = { access_token: ref.tokens['page'] ?? '' };
    expect(errorCode(await call(ref, 'GET', `/${id}`, { query }))).toBe(100);
  });

  it('keeps a photo once a post holds it, and never attaches it twice', async () => {
    const id = await unpublishedPhoto(ref);
    expect((await postWithPhotos(ref, [id])).status).toBe(200);
    await advance(48 * HOUR);
    expect(errorCode(await postWithPhotos(ref, [id]))).toBe(100);
  });

  it('refuses never-issued and published photos', async () => {
    expect(errorCode(await postWithPhotos(ref, ['8999999']))).toBe(100);
    const published = (await uploadPhoto(ref, {}, png())).body.id;
    expect(errorCode(await postWithPhotos(ref, [published]))).toBe(100);
  });
});
