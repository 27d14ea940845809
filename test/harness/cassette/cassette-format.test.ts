import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openCassette, readCassette } from '../../../harness/cassette/cassette-reader.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { UserInputError } from '../../../harness/errors.js';
import { exchange } from '../../helpers/exchange.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { failure as userError } from '../../helpers/user-error.js';

const dir = tempDir();
afterAll(() => dir.cleanup());

/** The one-line error reading `file` is refused with. */
function failure(file: string): Promise<UserInputError> {
  return userError(() => readCassette(file));
}

describe('cassette format', () => {
  it('reads back exactly what was written: text, unicode, binary, errors', async () => {
    const file = dir.path('round-trip.yml');
    const binary = Buffer.from([0, 255, 128, 10, 13, 1, 2, 3]).toString('base64');
    const written = [
      exchange('/v25.0/1/feed', '{"data":[{"message":"héllo \\u00e9 ✓ \\n"}]}'),
      exchange('/photo', binary, {
        response: {
          status: 200,
          headers: { 'content-type': 'image/png' },
          body: binary,
          bodyEncoding: 'base64',
        },
      }),
      {
        ...exchange('/gone', ''),
        response: undefined,
        error: { code: 'ECONNRESET', message: 'socket hang up' },
      },
      exchange('/lines', 'line 1\n---\nline 3\n...\n'),
    ];
    const writer = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010/',
      redact: false,
    });
    for (const e of written) writer.append(e);
    writer.close();
    const { header, exchanges } = await readCassette(file);
    expect(header.graphcheck_cassette).toBe(1);
    expect(header.target).toBe('http://127.0.0.1:4010');
    expect(exchanges).toEqual(written.map((e) => JSON.parse(JSON.stringify(e))));
  });

  it('merges placeholders documents and keeps numbering when appending in a later session', async () => {
    const file = dir.path('append.yml');
    const first = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010',
    });
    first.append(exchange('/a?access_token=token-one-aaaaaaaa', '{}'));
    first.close();
    const again = await CassetteWriter.reopen(file);
    again.append(exchange('/b?access_token=token-one-aaaaaaaa', '{}'));
    again.append(exchange('/c?access_token=token-two-bbbbbbbb', '{}'));
    again.close();
    const { exchanges, placeholders } = await readCassette(file);
    expect(exchanges.map((e) => e.request.url)).toEqual([
      'http://127.0.0.1:4010/a?access_token=redacted-access_token-1',
      'http://127.0.0.1:4010/b?access_token=redacted-access_token-1',
      'http://127.0.0.1:4010/c?access_token=redacted-access_token-2',
    ]);
    expect(Object.keys(placeholders).sort()).toEqual([
      'redacted-access_token-1',
      'redacted-access_token-2',
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain('token-one');
  });

  it('accepts hand-edited block YAML documents', async () => {
    const file = dir.path('block.yml');
    const writer = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010',
      redact: false,
    });
    writer.close();
    appendFileSync(
      file,
      [
        '---',
        'kind: api',
        'startedAt: "2026-01-01T00:00:00Z"',
        'durationMs: 0',
        'request:',
        '  method: GET',
        '  url: http://127.0.0.1:4010/x',
        '  headers: {}',
        'response:',
        '  status: 200',
        '  headers: {}',
        '  body: |',
        '    {"a": 1}',
        '',
      ].join('\n'),
    );
    const { exchanges } = await readCassette(file);
    expect(exchanges[0]?.response?.body).toBe('{"a": 1}\n');
  });

  it('streams entries with their index and line', async () => {
    const file = dir.path('lines.yml');
    const writer = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010',
      redact: false,
    });
    writer.append(exchange('/1', '{}'));
    writer.append(exchange('/2', '{}'));
    writer.close();
    const cassette = await openCassette(file);
    const seen = [];
    for await (const entry of cassette.entries()) seen.push([entry.index, entry.line]);
    expect(seen).toEqual([
      [0, 3],
      [1, 5],
    ]);
  });
});

describe('broken cassettes are refused with file, line and fix', () => {
  it('a truncated cassette names the line of the cut-off document', async () => {
    const file = dir.path('truncated.yml');
    const writer = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010',
      redact: false,
    });
    writer.append(exchange('/1', '{}'));
    writer.append(exchange('/2', '{"long":"body"}'));
    writer.close();
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.length - 30));
    const error = await failure(file);
    expect(error.code).toBe('CASSETTE_INVALID');
    expect(error.message).toMatch(
      new RegExp(`^${file}:6: not a YAML document .*the document at lines 5-6 is cut off`),
    );
    expect(error.message).toContain('delete those lines');
  });

  it('a gzip-compressed cassette reads as the YAML it holds; a cut-off one is refused in one line', async () => {
    const file = dir.path('whole.yml');
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:4010', redact: false });
    for (let i = 0; i < 50; i++) writer.append(exchange(`/${i}`, JSON.stringify({ n: i, pad: 'x'.repeat(i * 100) })));
    writer.close();
    const packed = gzipSync(readFileSync(file));
    writeFileSync(dir.path('whole.yml.gz'), packed);
    const read = await readCassette(dir.path('whole.yml.gz'));
    expect(read.exchanges.map((e) => e.request.url)).toEqual((await readCassette(file)).exchanges.map((e) => e.request.url));
    const cut = dir.path('cut.yml.gz');
    writeFileSync(cut, packed.subarray(0, packed.length - 20));
    const error = await failure(cut);
    expect(error.code).toBe('CASSETTE_INVALID');
    expect(error.message).toMatch(new RegExp(`^${cut}: damaged gzip stream .*: re-compress it`));
  });

  it('a file that is not YAML', async () => {
    const file = dir.path('not-yaml.yml');
    writeFileSync(file, '--- # graphcheck\n{"graphcheck_cassette": 1\n  target: [\n');
    const error = await failure(file);
    expect(error.code).toBe('CASSETTE_INVALID');
    expect(error.message).toMatch(new RegExp(`^${file}:\\d+: not a YAML document`));
  });

  it('an unknown format version', async () => {
    const file = dir.path('v2.yml');
    writeFileSync(
      file,
      '---\n{"graphcheck_cassette":2,"target":"http://x","recorded_at":"now","redaction":{"enabled":false}}\n',
    );
    const error = await failure(file);
    expect(error.message).toBe(
      `${file}:1: unknown cassette format version 2 (this graphcheck reads version 1): use the graphcheck that wrote it, or re-record the cassette`,
    );
  });

  it('a VCR file given where a cassette is expected points at import', async () => {
    const file = dir.path('vcr.yml');
    writeFileSync(file, '---\nhttp_interactions: []\n');
    expect((await failure(file)).message).toContain('run `graphcheck cassette import');
  });

  it('an exchange that lacks its URL', async () => {
    const file = dir.path('no-url.yml');
    const writer = CassetteWriter.create(file, {
      target: 'http://127.0.0.1:4010',
      redact: false,
    });
    writer.close();
    appendFileSync(file, '---\n{"startedAt":"x","durationMs":0,"request":{"method":"GET","headers":{}}}\n');
    const error = await failure(file);
    expect(error.message).toBe(`${file}:3: exchange 0: request.url is missing: fix it, or delete lines 3-4`);
  });

  it('an empty file and a missing file', async () => {
    const file = dir.path('empty.yml');
    writeFileSync(file, '');
    expect((await failure(file)).message).toMatch(/empty file/);
    expect((await failure(dir.path('absent.yml'))).code).toBe('FILE_NOT_FOUND');
  });
});
