import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { exportHar } from '../../../harness/cassette/export-har.js';
import { importCassette } from '../../../harness/cassette/import-cassette.js';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import { bodyBytes } from '../../../harness/http/stored-body.js';
import type { Exchange } from '../../../harness/model/exchange.js';
import { MOCK_TABLE, REALWORLD, trafficFiles } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { failure } from '../../helpers/user-error.js';

// Importing other tools' recordings, file to file; that the imports replay over a socket is
// importers.integration.test.ts.

const dir = tempDir();
afterAll(() => dir.cleanup());

const files = trafficFiles(REALWORLD);

/** What an exchange sent and got, bodies as bytes in hex: what an import must keep of each. */
function sentAndGot(exchange: Exchange) {
  const { request, response } = exchange;
  return {
    method: request.method,
    url: request.url,
    sent: bodyBytes(request.body, request.bodyEncoding).toString('hex'),
    status: response?.status,
    got: response === undefined ? undefined : bodyBytes(response.body, response.bodyEncoding).toString('hex'),
  };
}

/** The access tokens a recording carries, in a query, a form body or an Authorization header. */
function tokensIn(exchanges: Exchange[]): string[] {
  const tokens = new Set<string>();
  for (const { request } of exchanges) {
    const query = new URL(request.url).searchParams.get('access_token');
    if (query) tokens.add(query);
    const form = /(?:^|&)access_token=([^&]+)/.exec(bodyBytes(request.body, request.bodyEncoding).toString('utf8'))?.[1];
    if (form) tokens.add(decodeURIComponent(form));
    for (const [name, value] of Object.entries(request.headers)) {
      const bearer = name.toLowerCase() === 'authorization' ? /^(?:bearer|oauth)\s+(\S+)/i.exec(String(value))?.[1] : undefined;
      if (bearer) tokens.add(bearer);
    }
  }
  // A token of a character or two would be found in any text: the recordings hold none that short.
  return [...tokens].filter((token) => token.length >= 8);
}

describe('importing real recorded traffic', () => {
  it('finds the VCR cassettes and the HAR of ../shared/realworld', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(files.some((f) => f.endsWith('.har'))).toBe(true);
  });


  it.each(files.map((f) => [relative(REALWORLD, f), f]))('%s imports unredacted with every request and answer byte for byte', async (name, file) => {
    const original = await readForeignTraffic(file);
    const out = dir.path(`${name.replaceAll('/', '_')}.plain.yml`);
    const imported = await importCassette(file, { out, redact: false });
    expect(imported.exchanges).toBe(original.exchanges.length);
    expect(imported.redacted).toBe(0);
    const read = await readCassette(out);
    expect(read.exchanges.map(sentAndGot)).toEqual(original.exchanges.map(sentAndGot));
  });

  it.each(files.map((f) => [relative(REALWORLD, f), f]))('%s imports redacted: no access token it carried is left, every status kept', async (name, file) => {
    const original = await readForeignTraffic(file);
    const out = dir.path(`${name.replaceAll('/', '_')}.redacted.yml`);
    const imported = await importCassette(file, { out });
    const text = readFileSync(out, 'utf8');
    const tokens = tokensIn(original.exchanges);
    expect(tokens.filter((token) => text.includes(token))).toEqual([]);
    // Each token became a placeholder the cassette lists.
    if (tokens.length > 0) expect(imported.redacted).toBeGreaterThan(0);
    const read = await readCassette(out);
    expect(read.exchanges.map((e) => [e.request.method, e.response?.status])).toEqual(original.exchanges.map((e) => [e.request.method, e.response?.status]));
  });

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
