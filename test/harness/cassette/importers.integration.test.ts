import { relative } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyBytes } from '../../../harness/http/stored-body.js';
import { importCassette } from '../../../harness/cassette/import-cassette.js';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import type { Exchange } from '../../../harness/model/exchange.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { REALWORLD, trafficFiles } from '../../helpers/paths.js';

const dir = tempDir();
afterAll(() => dir.cleanup());


/** Sends each recorded request to the replay server; returns what came back. */
async function replayAll(
  base: string,
  exchanges: Exchange[],
): Promise<Array<{ status: number; body: string }>> {
  const out = [];
  for (const e of exchanges) {
    const url = new URL(e.request.url);
    const headers = Object.fromEntries(
      Object.entries(e.request.headers).filter(
        ([k]) => !/^(host|content-length|connection|keep-alive|transfer-encoding|expect|upgrade)$/i.test(k),
      ),
    );
    const body = e.request.body === undefined ? undefined : bodyBytes(e.request.body, e.request.bodyEncoding);
    const answer = await request(base + url.pathname + url.search, {
      method: e.request.method as 'GET',
      headers,
      body,
    });
    out.push({ status: answer.statusCode, body: await answer.body.text() });
  }
  return out;
}

const files = trafficFiles(REALWORLD);
// Their import, file to file, and the HAR both ways: importers.test.ts.

describe('importing real recorded traffic', () => {
  it.each(files.map((f) => [relative(REALWORLD, f), f]))(
    '%s imports and replays byte for byte',
    async (_name, file) => {
      const original = await readForeignTraffic(file);
      const out = dir.path(`${relative(REALWORLD, file).replaceAll('/', '_')}.yml`);
      await importCassette(file, { out, redact: false });
      const replay = await startReplayServer({ cassette: out, log: () => {} });
      try {
        const answers = await replayAll(replay.url, original.exchanges);
        const origin = new URL(original.exchanges[0]?.request.url ?? 'http://x').origin;
        answers.forEach((answer, i) => {
          const recorded = original.exchanges[i]?.response;
          expect(answer.status).toBe(recorded?.status);
          const expected = (recorded?.body ?? '')
            .replaceAll(origin, replay.url)
            .replaceAll(origin.replaceAll('/', '\\/'), replay.url.replaceAll('/', '\\/'));
          expect(answer.body).toBe(expected);
        });
        expect(replay.misses()).toEqual([]);
      } finally {
        await replay.close();
      }
    },
  );

  it.each(files.map((f) => [relative(REALWORLD, f), f]))(
    '%s imports redacted and still replays',
    async (_name, file) => {
      const original = await readForeignTraffic(file);
      const out = dir.path(`${relative(REALWORLD, file).replaceAll('/', '_')}.redacted.yml`);
      await importCassette(file, { out });
      const replay = await startReplayServer({ cassette: out, log: () => {} });
      try {
        const answers = await replayAll(replay.url, original.exchanges);
        expect(answers.map((a) => a.status)).toEqual(original.exchanges.map((e) => e.response?.status));
      } finally {
        await replay.close();
      }
    },
  );
});
