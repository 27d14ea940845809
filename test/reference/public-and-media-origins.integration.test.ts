import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSize } from '../../harness/checks/image-size.js';
import { type RunningReference, startReference } from '../../reference/index.js';
import { call, startContentHost } from '../helpers/reference/reference-client.js';

const tokensOf = (reference: RunningReference) => (reference.profile as { tokens: Record<string, string> }).tokens;
const pageOf = (reference: RunningReference) => (reference.profile as { fixtures: Record<string, string> }).fixtures['page_id']!;
const listening = (reference: RunningReference) => ({ url: `http://${reference.listeningOn.host}:${reference.listeningOn.port}` });

describe('the reference with a public URL (serve-reference --public-url)', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await startReference({ publicUrl: 'http://public.example:8443/' });
  });
  afterAll(() => reference.close());

  it('names it in every address of its profile and in the links it hands out', async () => {
    expect(reference.url).toBe('http://public.example:8443');
    const profile = reference.profile as Record<string, unknown>;
    expect([profile.base_url, profile.auth_url, profile.imgnet_base_url, profile.control_url]).toEqual([
      'http://public.example:8443',
      'http://public.example:8443',
      'http://public.example:8443',
      'http://public.example:8443/_control',
    ]);
    const page = await call(listening(reference), 'GET', `/v25.0/${pageOf(reference)}/feed`, { query: { access_token: tokensOf(reference).page!, fields: 'id,permalink_url' } });
    expect(new URL(page.body.paging.next).origin).toBe('http://public.example:8443');
    expect(new URL(page.body.data[0].permalink_url).origin).toBe('http://public.example:8443');
  });
});

describe('the reference with a media origin (serve-reference --media-port)', () => {
  let reference: RunningReference;
  let host: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    [reference, host] = await Promise.all([startReference({ mediaOrigin: {} }), startContentHost()]);
  });
  afterAll(() => Promise.all([reference.close(), host.close()]));

  const token = () => tokensOf(reference).page!;

  it('hands out pictures and photo files on the second origin, which serves them without a token', async () => {
    expect(reference.media!.url).not.toBe(reference.url);
    const post = await call(reference, 'POST', `/v25.0/${pageOf(reference)}/feed`, {
      form: { access_token: token(), link: `${host.url}/ok`, picture: `${host.url}/large.png`, fields: 'id,full_picture' },
    });
    const picture = new URL(post.body.full_picture as string);
    expect(picture.origin).toBe(reference.media!.url);
    const file = await fetch(picture);
    expect(file.status).toBe(200);
    expect(readSize(Buffer.from(await file.arrayBuffer()))).toMatchObject({ width: 720, height: 480 });

    const photo = await call(reference, 'POST', `/v25.0/${pageOf(reference)}/photos`, { form: { access_token: token(), url: `${host.url}/large.png` } });
    const shown = await call(reference, 'GET', `/v25.0/${photo.body.post_id}`, { query: { access_token: token(), fields: 'full_picture' } });
    expect(new URL(shown.body.full_picture as string).origin).toBe(reference.media!.url);
    expect((await fetch(shown.body.full_picture as string)).status).toBe(200);
  });

  it('serves nothing else there, and the API no longer serves the files', async () => {
    const post = await call(reference, 'POST', `/v25.0/${pageOf(reference)}/feed`, {
      form: { access_token: token(), link: `${host.url}/ok`, picture: `${host.url}/large.png`, fields: 'full_picture' },
    });
    const { pathname } = new URL(post.body.full_picture as string);
    expect((await call(reference, 'GET', pathname)).body.error).toMatchObject({ code: 100 });
    const media = { url: reference.media!.url };
    expect((await call(media, 'GET', `/v25.0/${pageOf(reference)}/feed`, { query: { access_token: token() } })).status).toBe(404);
    expect((await call(media, 'POST', pathname)).status).toBe(404);
    expect((await call(media, 'GET', '/_control/profile')).status).toBe(404);
  });
});
