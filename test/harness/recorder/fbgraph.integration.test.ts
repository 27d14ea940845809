import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayCommand } from '../../../bin/commands/replay.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { startReference } from '../../../reference/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

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

const norm = (value: unknown): string => JSON.stringify(value).replace(/127\.0\.0\.1:\d+/g, 'HOST');

describe('a real Graph client (fbgraph) through the recorder in front of the reference, then against the replay server', () => {
  let file = '';
  let profile: ReferenceProfile;
  let live: unknown[] = [];

  beforeAll(async () => {
    file = dir.path('fbgraph.yml');
    const reference = await startReference();
    profile = reference.profile as unknown as ReferenceProfile;
    const recorder = await startRecordingProxy({ target: reference.url, cassette: file, appSecret: profile.app.secret });
    graph.setVersion(profile.versions.latest.replace(/^v/, ''));
    graph.setAccessToken(profile.tokens.page);
    graph.setAppSecret(profile.app.secret);
    graph.setGraphUrl(recorder.url);
    live = await session(profile.fixtures.page_id).finally(async () => {
      await recorder.close();
      await reference.close();
    });
  });

  it('gets identical results offline, with the reference stopped, and the cassette keeps no secret', async () => {
    const [first, second, posted, readBack] = live as [FeedPage, FeedPage, { id: string }, FeedPage];
    expect(first.paging.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(second.data.map((p) => p.id)).not.toContain(first.data[0]?.id);
    expect(readBack.data[0]?.id).toBe(posted.id);
    const recorded = await readFile(file, 'utf8');
    expect(recorded).not.toContain(profile.tokens.page);
    expect(recorded).not.toContain(profile.app.secret);
    // appsecret_proof is derived from the token and the app secret: a secret too.
    expect(recorded).toMatch(/appsecret_proof=redacted-appsecret_proof-1/);
    expect(recorded).not.toMatch(/appsecret_proof=[0-9a-f]{64}/);

    const replay = await startReplayServer({ cassette: file, log: () => {} });
    try {
      graph.setAccessToken(profile.tokens.page);
      graph.setAppSecret(profile.app.secret);
      graph.setGraphUrl(replay.url);
      const offline = await session(profile.fixtures.page_id);
      expect(norm(offline)).toBe(norm(live));
      expect(replay.misses()).toEqual([]);
    } finally {
      await replay.close();
    }
  });

  it('gives a client with a dummy token and a dummy app secret the recorded answers under `replay --secrets any`', async () => {
    const lines: string[] = [];
    const replay = await startReplayCommand(
      { cassette: file, port: 0, host: '127.0.0.1', match: 'strict', secrets: 'any' },
      (line) => lines.push(line),
      () => {},
    );
    try {
      expect(lines[0]).toMatch(/: 4 exchanges servable, match strict, secrets: any value where one was recorded$/);
      graph.setAccessToken('dummy-ci-token');
      graph.setAppSecret('dummy-ci-app-secret');
      graph.setGraphUrl(replay.url);
      const offline = await session(profile.fixtures.page_id);
      expect(replay.misses()).toEqual([]);
      // The answers are the recorded ones; where they name the token (paging.next), they name the one sent.
      const dummyProof = createHmac('sha256', 'dummy-ci-app-secret').update('dummy-ci-token').digest('hex');
      expect(norm(offline)).toContain('access_token=dummy-ci-token');
      expect(norm(offline)).toContain(`appsecret_proof=${dummyProof}`);
      const tokens = (text: string) =>
        text
          .replaceAll(profile.tokens.page, 'TOKEN')
          .replaceAll('dummy-ci-token', 'TOKEN')
          .replace(/appsecret_proof=[0-9a-f]{64}/g, 'appsecret_proof=PROOF');
      expect(tokens(norm(offline))).toBe(tokens(norm(live)));
    } finally {
      await replay.close();
    }
  });

  it('makes fbgraph raise the miss: the 599 answer carries the error envelope an SDK reads', async () => {
    const replay = await startReplayServer({ cassette: file, log: () => {}, secrets: 'any' });
    try {
      graph.setAccessToken('dummy-ci-token');
      graph.setGraphUrl(replay.url);
      const error = await call<FeedPage>((cb) => graph.get(`/${profile.fixtures.page_id}/photos`, { limit: 3 }, cb)).then(
        () => undefined,
        (e: unknown) => e as { message: string; type: string; code: number },
      );
      expect(error).toMatchObject({ type: 'GraphcheckReplayMiss', code: 599 });
      expect(error?.message).toMatch(/^graphcheck replay miss: GET \/v25\.0\/2000001\/photos .*no recorded exchange matches/);
      expect(replay.misses()).toHaveLength(1);
    } finally {
      await replay.close();
    }
  });
});
