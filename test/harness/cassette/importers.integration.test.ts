import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyBytes } from '../../../harness/http/stored-body.js';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { exportHar } from '../../../harness/cassette/export-har.js';
import { importCassette } from '../../../harness/cassette/import-cassette.js';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import type { Exchange } from '../../../harness/model/exchange.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { failure } from '../../helpers/user-error.js';
import { REALWORLD } from '../../helpers/paths.js';

const MOCK_TABLE = join(REALWORLD, 'koala/mock_facebook_responses.yml');
const dir = tempDir();
afterAll(() => dir.cleanup());

function trafficFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return trafficFiles(path);
    return /\.(ya?ml|har)$/.test(name) && path !== MOCK_TABLE ? [path] : [];
  });
}


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

describe('importing real recorded traffic', () => {
  it('finds the VCR cassettes and the HAR of ../shared/realworld', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(files.some((f) => f.endsWith('.har'))).toBe(true);
  });

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

  it('refuses the koala mock table in one line: it is not recorded traffic', async () => {
    const error = await failure(() => importCassette(MOCK_TABLE, { out: dir.path('mock.yml') }));
    expect(error.code).toBe('CASSETTE_INVALID');
    expect(error.message).toMatch(
      /^.*mock_facebook_responses\.yml:1: not recorded traffic \(a hand-written table of mock responses/,
    );
    expect(error.message).not.toContain('\n');
  });
});

describe('HAR both ways', () => {
  it('exports a cassette as HAR 1.2 and imports it back unchanged', async () => {
    const har = join(REALWORLD, 'ex-facebook-graph-api/page_feed.derived.har');
    const first = dir.path('feed.yml');
    await importCassette(har, { out: first });
    const exported = dir.path('feed.har');
    expect(await exportHar(first, exported)).toBe(7);
    const data = JSON.parse(readFileSync(exported, 'utf8'));
    expect(data.log.version).toBe('1.2');
    expect(data.log.entries[0].request.queryString.length).toBeGreaterThan(0);
    const second = dir.path('feed-again.yml');
    await importCassette(exported, { out: second });
    const [before, after] = [await readCassette(first), await readCassette(second)];
    expect(after.exchanges).toEqual(before.exchanges);
    // The redaction travels too: the placeholders' keyed hashes still tell the secrets they stand for.
    expect(after.header.redaction.salt).toBe(before.header.redaction.salt);
    expect(after.placeholders).toEqual(before.placeholders);
    expect(Object.keys(after.placeholders).length).toBeGreaterThan(0);
  });

  it('names the missing field of a broken HAR', async () => {
    const file = dir.path('broken.har');
    const entry = {
      request: { method: 'GET', headers: [] },
      response: { status: 200, headers: [], content: {} },
    };
    writeFileSync(
      file,
      JSON.stringify({
        log: { version: '1.2', entries: [entry, entry, entry, { ...entry }] },
      }),
    );
    const error = await failure(() => importCassette(file, { out: dir.path('x.yml') }));
    expect(error.message).toBe(`${file}: log.entries[0].request.url is missing: add it, or remove the entry`);
  });

  it('names file and line of a VCR interaction lacking its URI', async () => {
    const file = dir.path('broken-vcr.yml');
    writeFileSync(
      file,
      [
        '---',
        'http_interactions:',
        '- request:',
        '    method: get',
        '  response:',
        '    status:',
        '      code: 200',
        '',
      ].join('\n'),
    );
    const error = await failure(() => importCassette(file, { out: dir.path('y.yml') }));
    expect(error.message).toBe(
      `${file}:4: http_interactions[0].request.uri is missing: add it, or remove the entry`,
    );
  });

  it('refuses a file that is not YAML with its line', async () => {
    const file = dir.path('not-yaml.yml');
    writeFileSync(file, 'http_interactions:\n- request: [1, 2\n  response: x\n');
    const error = await failure(() => importCassette(file, { out: dir.path('z.yml') }));
    expect(error.message).toMatch(new RegExp(`^${file}:\\d+: not a YAML document`));
  });
});
