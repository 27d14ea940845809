import { call } from '../reference-client.js';
import { type Probe, type ProbeEnv, page } from './probe-kit.js';

/** A seeded post with seeded comments, the fixture upload and thread (reference/fixtures.ts). */
const POST_ID = '2000001_159';
const UPLOAD_ID = '4000001';
const THREAD_ID = 't_1';

const get = (env: ProbeEnv, path: string, query: Record<string, string | number> = {}) =>
  call(env.ref, 'GET', path, { query: { access_token: page(env), ...query } });

const idsOf = (body: { data: { id: string }[] }): string[] => body.data.map((item) => item.id);

/** The first page at `limit`, then the page its `paging.next` gives: both pages' ids. */
async function twoPages(env: ProbeEnv, path: string, query: Record<string, string | number>): Promise<string[][]> {
  const first = await get(env, path, query);
  const next: string | undefined = first.body.paging?.next;
  return [idsOf(first.body), next ? idsOf((await call(env.ref, 'GET', next)).body) : []];
}

export const PAGING_PROBES: Record<string, Probe> = {
  'photos-paging-next-dropped': async (env) =>
    Boolean((await get(env, `/v25.0/${env.ref.pageId}/photos`, { type: 'uploaded', limit: 1 })).body.paging.next),
  'comments-paging-next-dropped': async (env) => Boolean((await get(env, `/v25.0/${POST_ID}/comments`, { limit: 1 })).body.paging.next),
  // Pages of two: a repeat starts the second page at the last comment of the first.
  'comments-paging-repeats': (env) => twoPages(env, `/v25.0/${POST_ID}/comments`, { limit: 2 }),
  'product-feed-paging-repeats': (env) => twoPages(env, `/v25.0/${UPLOAD_ID}/errors`, {}),
  'thread-messages-paging-skips': async (env) => {
    const first = await get(env, `/v25.0/${THREAD_ID}`, { fields: 'messages.limit(1)' });
    const next: string | undefined = first.body.messages.paging?.next;
    return [idsOf(first.body.messages), next ? idsOf((await call(env.ref, 'GET', next)).body) : []];
  },
};
