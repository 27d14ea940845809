import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { startRecorder } from '../../harness/recorder/recorder.js';
import { startReplayServer } from '../../harness/replay/replay-server.js';
import { startReference } from '../../reference/index.js';
import { tempDir } from './support/temp-dir.js';

/** The slice of fbgraph (a widely used Graph client, callback style, no types) this test drives. */
interface FbGraph {
  setGraphUrl(url: string): void;
  setVersion(version: string): void;
  setAccessToken(token: string): void;
  setAppSecret(secret: string): void;
  get(url: string, params: Record<string, unknown>, callback: Callback<FeedPage>): void;
  get(url: string, callback: Callback<FeedPage>): void;
  post(url: string, data: Record<string, unknown>, callback: Callback<{ id: string }>): void;
}
type Callback<T> = (error: unknown, result: T) => void;
interface FeedPage {
  data: Array<{ id: string; message?: string }>;
  paging: { next: string };
}
interface ReferenceProfile {
  versions: { latest: string };
  app: { secret: string };
  tokens: { page: string };
  fixtures: { page_id: string };
}

const graph = createRequire(import.meta.url)('fbgraph') as FbGraph;
const dir = tempDir();
afterAll(() => dir.cleanup());

function call<T>(start: (callback: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => start((error, result) => (error ? reject(error) : resolve(result))));
}

/** What a client does: two feed pages following `paging.next` as given, a post, and that post read back. */
async function session(pageId: string): Promise<unknown[]> {
  const first = await call<FeedPage>((cb) => graph.get(`/${pageId}/feed`, { limit: 2 }, cb));
  const second = await call<FeedPage>((cb) => graph.get(first.paging.next, cb));
  const posted = await call<{ id: string }>((cb) => graph.post(`/${pageId}/feed`, { message: 'hello from fbgraph' }, cb));
  const readBack = await call<FeedPage>((cb) => graph.get(`/${pageId}/feed`, { limit: 1 }, cb));
  return [first, second, posted, readBack];
}

describe('a real Graph client (fbgraph) through the recorder in front of the reference, then against the replay server', () => {
  it('gets identical results offline, with the reference stopped, and the cassette keeps no secret', async () => {
    const file = dir.path('fbgraph.yml');
    const reference = await startReference();
    const profile = reference.profile as unknown as ReferenceProfile;
    const recorder = await startRecorder({ target: reference.url, cassette: file, appSecret: profile.app.secret });
    graph.setVersion(profile.versions.latest.replace(/^v/, ''));
    graph.setAccessToken(profile.tokens.page);
    graph.setAppSecret(profile.app.secret);
    graph.setGraphUrl(recorder.url);
    const live = await session(profile.fixtures.page_id).finally(async () => {
      await recorder.close();
      await reference.close();
    });
    const [first, second, posted, readBack] = live as [FeedPage, FeedPage, { id: string }, FeedPage];
    expect(first.paging.next.startsWith(recorder.url)).toBe(true);
    expect(second.data.map((p) => p.id)).not.toContain(first.data[0]?.id);
    expect(readBack.data[0]?.id).toBe(posted.id);
    const recorded = await readFile(file, 'utf8');
    expect(recorded).not.toContain(profile.tokens.page);
    expect(recorded).not.toContain(profile.app.secret);

    const replay = await startReplayServer({ cassette: file, log: () => {} });
    try {
      graph.setGraphUrl(replay.url);
      const offline = await session(profile.fixtures.page_id);
      const norm = (value: unknown): string => JSON.stringify(value).replace(/127\.0\.0\.1:\d+/g, 'HOST');
      expect(norm(offline)).toBe(norm(live));
      expect(replay.misses()).toEqual([]);
    } finally {
      await replay.close();
    }
  });
});
