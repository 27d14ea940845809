import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { startRecorder } from '../../harness/recorder/recorder.js';
import { startReplayServer } from '../../harness/replay/replay-server.js';
import { tempDir } from './support/temp-dir.js';
import { SECRETS, startTinyTarget } from './support/tiny-target.js';

/** The slice of fbgraph (a widely used Graph client, callback style, no types) this test drives. */
interface FbGraph {
  setGraphUrl(url: string): void;
  setVersion(version: string): void;
  setAccessToken(token: string): void;
  setAppSecret(secret: string): void;
  get(
    url: string,
    params: Record<string, unknown>,
    callback: (error: unknown, result: FeedPage) => void,
  ): void;
  get(url: string, callback: (error: unknown, result: FeedPage) => void): void;
  post(url: string, data: Record<string, unknown>, callback: (error: unknown, result: unknown) => void): void;
}
interface FeedPage {
  data: Array<{ id: string }>;
  paging: { next: string };
}

const graph = createRequire(import.meta.url)('fbgraph') as FbGraph;
const dir = tempDir();
afterAll(() => dir.cleanup());

function call<T>(start: (callback: (error: unknown, result: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    start((error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** What a client does: two feed pages following `paging.next` as given, and a form POST. */
async function session(): Promise<{ pages: FeedPage[]; posted: unknown }> {
  const first = await call<FeedPage>((cb) => graph.get('/2000001/feed', { limit: 2 }, cb));
  const second = await call<FeedPage>((cb) => graph.get(first.paging.next, cb));
  const posted = await call<unknown>((cb) => graph.post('/echo/post', { message: 'hello from fbgraph' }, cb));
  return { pages: [first, second], posted };
}

describe('a real Graph client (fbgraph) through the recorder, then against the replay server', () => {
  it('gets identical results offline, with the target stopped', async () => {
    const file = dir.path('fbgraph.yml');
    const target = await startTinyTarget();
    const recorder = await startRecorder({
      target: target.url,
      cassette: file,
      appSecret: SECRETS.appSecret,
    });
    graph.setVersion('25.0');
    graph.setAccessToken(SECRETS.pageToken);
    graph.setAppSecret(SECRETS.appSecret);
    graph.setGraphUrl(recorder.url);
    const live = await session();
    expect(live.pages[1]?.data[0]?.id).toBe('2000001_2');
    expect(live.pages[0]?.paging.next.startsWith(recorder.url)).toBe(true);
    await recorder.close();
    await target.close();

    const replay = await startReplayServer({ cassette: file, log: () => {} });
    try {
      graph.setGraphUrl(replay.url);
      const offline = await session();
      const norm = (value: unknown): string => JSON.stringify(value).replace(/127\.0\.0\.1:\d+/g, 'HOST');
      expect(norm(offline)).toBe(norm(live));
      expect(replay.misses()).toEqual([]);
    } finally {
      await replay.close();
    }
  });
});
