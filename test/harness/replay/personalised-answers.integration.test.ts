import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayCommand } from '../../../bin/commands/replay.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { startReference } from '../../../reference/index.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { startTinyTarget } from '../../helpers/tiny-target.js';

/** The slice of fbgraph (a Graph client, callback style, no types) this test drives. */
interface FbGraph {
  setGraphUrl(url: string): void;
  setVersion(version: string): void;
  setAccessToken(token: string): void;
  setAppSecret(secret: string): void;
  get(url: string, params: Record<string, unknown>, callback: (error: unknown, result: FeedPage) => void): void;
  get(url: string, callback: (error: unknown, result: FeedPage) => void): void;
}
interface FeedPage {
  data: Array<{ id: string }>;
  paging: { next: string };
}

const graph = createRequire(import.meta.url)('fbgraph') as FbGraph;
const dir = tempDir();
afterAll(() => dir.cleanup());

function get(url: string, params?: Record<string, unknown>): Promise<FeedPage> {
  return new Promise((resolve, reject) => {
    const done = (error: unknown, result: FeedPage) => (error ? reject(error) : resolve(result));
    if (params) graph.get(url, params, done);
    else graph.get(url, done);
  });
}

/**
 * `use` against a replay server as `graphcheck replay --secrets any` starts it; every request it sent must have
 * found its recorded exchange (no misses), and the server is closed whatever happened.
 */
async function withReplayAny(cassette: string, use: (url: string) => Promise<void>): Promise<void> {
  const replay = await startReplayCommand(
    { cassette, port: 0, host: '127.0.0.1', match: 'strict', secrets: 'any' },
    () => {},
    () => {},
  );
  try {
    await use(replay.url);
    expect(replay.misses()).toEqual([]);
  } finally {
    await replay.close();
  }
}

const proofOf = (token: string, secret: string) => createHmac('sha256', secret).update(token).digest('hex');

describe('personalised answers under `replay --secrets any` carry every secret the client sent in their place', () => {
  const file = dir.path('two-tokens.yml');
  let pageId = '';

  // The same feed read recorded with two tokens of the reference (the Page's, and a Page token of a person
  // without MODERATE): each answer's `paging.next` repeats the token and the proof of its own request.
  beforeAll(async () => {
    const reference = await startReference();
    const profile = reference.profile as unknown as { app: { secret: string }; tokens: Record<string, string>; fixtures: { page_id: string } };
    pageId = profile.fixtures.page_id;
    const recorder = await startRecordingProxy({ target: reference.url, cassette: file, appSecret: profile.app.secret });
    try {
      graph.setVersion('25.0');
      graph.setAppSecret(profile.app.secret);
      graph.setGraphUrl(recorder.url);
      for (const token of [profile.tokens.page!, profile.tokens.page_no_moderate!]) {
        graph.setAccessToken(token);
        const first = await get(`/${pageId}/feed`, { limit: 2 });
        expect(first.paging.next).toContain(`access_token=${encodeURIComponent(token)}`);
      }
    } finally {
      await recorder.close();
      await reference.close();
    }
  });

  it('names the dummy token and its proof in `paging.next` of every answer, the second token\'s included', async () => {
    await withReplayAny(file, async (url) => {
      graph.setAccessToken('dummy-ci-token');
      graph.setAppSecret('dummy-ci-app-secret');
      graph.setGraphUrl(url);
      const proof = proofOf('dummy-ci-token', 'dummy-ci-app-secret');
      for (let read = 0; read < 2; read++) {
        const page = await get(`/${pageId}/feed`, { limit: 2 });
        const next = new URL(page.paging.next);
        expect(next.searchParams.get('access_token'), `read ${read + 1}`).toBe('dummy-ci-token');
        expect(next.searchParams.get('appsecret_proof'), `read ${read + 1}`).toBe(proof);
      }
    });
  });
});

describe('personalised answers name the client\'s token in bodies and headers too', () => {
  const file = dir.path('whoami.yml');

  // A target that echoes the token it was sent in its body and in a header (a debug endpoint does).
  beforeAll(async () => {
    const target = await startTinyTarget();
    const recorder = await startRecordingProxy({ target: target.url, cassette: file });
    try {
      for (const token of ['EAAFirstRecordedToken01', 'EAASecondRecordedToken02']) {
        const answer = await request(`${recorder.url}/v25.0/whoami?access_token=${token}`);
        expect(await answer.body.json()).toEqual({ token, next: `${recorder.url}/v25.0/whoami?access_token=${token}&after=1` });
      }
    } finally {
      await recorder.close();
      await target.close();
    }
  });

  it('fills the recorded token wherever it stood, for each of the recorded answers in turn', async () => {
    await withReplayAny(file, async (url) => {
      for (const token of ['dummy-one', 'redacted-access_token-1']) {
        const answer = await request(`${url}/v25.0/whoami?access_token=${token}`);
        const body = (await answer.body.json()) as { token: string; next: string };
        expect(answer.statusCode).toBe(200);
        expect(body.token).toBe(token);
        expect(new URL(body.next).searchParams.get('access_token')).toBe(token);
        expect(answer.headers['x-token-seen']).toBe(token);
      }
    });
  });
});
