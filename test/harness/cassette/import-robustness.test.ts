import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { importCassette } from '../../../harness/cassette/import-cassette.js';
import { type CliOutcome, hasStackTrace, runCli } from '../../helpers/cli.js';
import { harEntry, harOf } from '../../helpers/har.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { failure } from '../../helpers/user-error.js';

const dir = tempDir('graphcheck-import-robustness-');
afterAll(() => dir.cleanup());

const GOOD = harEntry('GET', 'http://127.0.0.1:4010/v25.0/me');
const HEADER = {
  graphcheck_cassette: 1,
  target: 'http://127.0.0.1:4010',
  recorded_at: '2026-01-01T00:00:00.000Z',
  redaction: { enabled: false },
};

function exchangeDocument(url: string): string {
  const exchange = {
    kind: 'api',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method: 'GET', url, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"1"}' },
  };
  return `--- # exchange\n${JSON.stringify(exchange)}\n`;
}

function cassetteOf(urls: string[]): string {
  return `--- # graphcheck cassette\n${JSON.stringify(HEADER)}\n${urls.map(exchangeDocument).join('')}`;
}

function write(name: string, text: string): string {
  const file = dir.path(name);
  writeFileSync(file, text);
  return file;
}


/** Exit 2, one line on stderr matching `line`, no stack trace. */
function expectOneLine(out: CliOutcome, line: string | RegExp): void {
  expect(out.code, out.stderr).toBe(2);
  expect(hasStackTrace(out.stderr)).toBe(false);
  const lines = out.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  if (typeof line === 'string') expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
}

/** What the folder of `file` holds besides the files named: temporary leftovers show up here. */
function strangers(file: string, known: string[]): string[] {
  return readdirSync(dirname(file)).filter((name) => !known.includes(name));
}

describe('HAR name-value lists with an item that is not a name and a value', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['request.headers', { request: { headers: [null] } }, 'request.headers[0]'],
    ['response.headers', { response: { headers: [{ name: 'a', value: 'b' }, 7] } }, 'response.headers[1]'],
    ['request.queryString', { request: { queryString: [null] } }, 'request.queryString[0]'],
    ['request.cookies', { request: { cookies: ['sid=1'] } }, 'request.cookies[0]'],
    ['response.cookies', { response: { cookies: [[]] } }, 'response.cookies[0]'],
    [
      'request.postData.params',
      { request: { method: 'POST', postData: { mimeType: 'application/x-www-form-urlencoded', params: [null] } } },
      'request.postData.params[0]',
    ],
  ];
  for (const [what, parts, where] of cases) {
    it(`refuses a bad item of ${what} naming the entry and the item`, async () => {
      const entry = harEntry('GET', 'http://127.0.0.1:4010/v25.0/me', parts as never);
      const file = write(`list-${what}.har`, harOf([GOOD, entry]));
      const error = await failure(() => importCassette(file, { out: dir.path(`list-${what}.yml`) }));
      expect(error.code).toBe('CASSETTE_INVALID');
      const start = `${file}: log.entries[1].${where} must be an object with name and value, not `;
      expect(error.message.startsWith(start), error.message).toBe(true);
    });
  }

  it('says so in one line for `cassette import` and `check`, and writes nothing', async () => {
    const entry = harEntry('GET', 'http://127.0.0.1:4010/v25.0/me', { request: { headers: [null] } });
    const file = write('null-header.har', harOf([GOOD, GOOD, GOOD, entry]));
    const out = dir.path('null-header.yml');
    const line = `graphcheck: ${file}: log.entries[3].request.headers[0] must be an object with name and value, not null: fix it, or remove the entry`;
    expectOneLine(await runCli(['cassette', 'import', file, '--out', out]), line);
    expect(existsSync(out)).toBe(false);
    expectOneLine(await runCli(['check', '--cassette', file, '--report-dir', dir.path('reports-null')]), line);
  });
});

describe('a request URL that is not absolute', () => {
  for (const url of ['not a url', '/v25.0/me', 'graph.facebook.com/v25.0/me']) {
    it(`refuses the HAR entry with ${JSON.stringify(url)}`, async () => {
      const file = write('relative.har', harOf([GOOD, harEntry('GET', url)]));
      const error = await failure(() => importCassette(file, { out: dir.path('relative.yml') }));
      expect(error.code).toBe('CASSETTE_INVALID');
      expect(error.message).toBe(
        `${file}: log.entries[1].request.url must be an absolute URL (scheme://host/path), not ${JSON.stringify(url)}: fix it, or remove the entry`,
      );
    });
  }

  it('refuses a VCR interaction with a relative uri, naming its line', async () => {
    const file = write(
      'relative-vcr.yml',
      [
        'http_interactions:',
        '- request:',
        '    method: get',
        '    uri: https://graph.facebook.com/v25.0/me',
        '  response:',
        '    status: {code: 200}',
        '- request:',
        '    method: get',
        '    uri: relative/path',
        '  response:',
        '    status: {code: 200}',
        '',
      ].join('\n'),
    );
    const error = await failure(() => importCassette(file, { out: dir.path('relative-vcr.cassette.yml') }));
    expect(error.message).toBe(
      `${file}:9: http_interactions[1].request.uri must be an absolute URL (scheme://host/path), not "relative/path": fix it, or remove the entry`,
    );
  });

  // `replay` refuses it alike, after it has listened: test/harness/replay/replay.integration.test.ts.
  it('refuses a cassette exchange with a relative url, in `check`', async () => {
    const file = write('relative.cassette.yml', cassetteOf(['http://127.0.0.1:4010/v25.0/me', '/v25.0/me']));
    const error = await failure(() => readCassette(file));
    expect(error.code).toBe('CASSETTE_INVALID');
    const line = `${file}:5: exchange 1: request.url must be an absolute URL (scheme://host/path), not "/v25.0/me": fix it, or delete lines 5-6`;
    expect(error.message).toBe(line);
    expectOneLine(await runCli(['check', '--cassette', file, '--report-dir', dir.path('reports-rel')]), `graphcheck: ${line}`);
  });

  it('refuses a cassette url that names a scheme but does not parse', async () => {
    const file = write('unparsable.cassette.yml', cassetteOf(['http://exa mple.com/v25.0/me']));
    const error = await failure(() => readCassette(file));
    expect(error.message).toMatch(/:3: exchange 0: request\.url must be an absolute URL/);
  });
});

describe('an import never writes what the cassette reader refuses', () => {
  type Parts = { top?: Record<string, unknown>; request?: Record<string, unknown>; response?: Record<string, unknown> };
  const cases: Array<[string, Parts, string]> = [
    ['a negative status', { response: { status: -5 } }, 'log.entries[1].response.status must be >= 100'],
    ['a status above 999', { response: { status: 1000 } }, 'log.entries[1].response.status must be <= 999'],
    ['an unknown kind', { top: { _graphcheck_kind: 'bogus' } }, 'log.entries[1]._graphcheck_kind must be one of api, control'],
    ['an empty method', { request: { method: '' } }, 'log.entries[1].request.method must NOT have fewer than 1 characters'],
    [
      'a header name with a space',
      { response: { headers: [{ name: 'x bad', value: '1' }] } },
      'log.entries[1].response.headers has a name that is not an HTTP token: "x bad"',
    ],
    [
      'a header value with a line break',
      { request: { headers: [{ name: 'x-a', value: 'a\r\nb' }] } },
      'log.entries[1].request.headers has a control character (a line break?) in the value of "x-a"',
    ],
  ];
  for (const [what, { top, ...parts }, message] of cases) {
    it(`refuses an entry with ${what}`, async () => {
      const entry = { ...harEntry('GET', 'http://127.0.0.1:4010/v25.0/me', parts), ...top };
      const file = write('unreadable.har', harOf([GOOD, entry]));
      const error = await failure(() => importCassette(file, { out: dir.path('unreadable.yml') }));
      expect(error.code).toBe('CASSETTE_INVALID');
      expect(error.message.startsWith(`${file}: ${message}`), error.message).toBe(true);
      expect(error.message.endsWith(': fix it, or remove the entry')).toBe(true);
    });
  }

  it('refuses a VCR status code the reader would refuse, naming its line', async () => {
    const file = write(
      'status-vcr.yml',
      ['http_interactions:', '- request:', '    method: get', '    uri: https://graph.facebook.com/me', '  response:', '    status:', '      code: 42', ''].join('\n'),
    );
    const error = await failure(() => importCassette(file, { out: dir.path('status-vcr.cassette.yml') }));
    expect(error.message).toBe(`${file}:7: http_interactions[0].response.status.code must be >= 100: fix it, or remove the entry`);
  });

  it('refuses a graphcheck redaction block whose salt the reader would refuse', async () => {
    const har = JSON.parse(harOf([GOOD])) as { log: Record<string, unknown> };
    har.log._graphcheck_redaction = { enabled: true, salt: 'not-hex', placeholders: {} };
    const file = write('bad-salt.har', JSON.stringify(har));
    const error = await failure(() => importCassette(file, { out: dir.path('bad-salt.yml') }));
    expect(error.message.startsWith(`${file}: log._graphcheck_redaction.salt must match pattern`), error.message).toBe(true);
  });

  it('exits 2 in one line from the CLI and leaves no cassette behind', async () => {
    const entry = harEntry('GET', 'http://127.0.0.1:4010/v25.0/me', { response: { status: -5 } });
    const file = write('negative.har', harOf([GOOD, entry]));
    const out = dir.path('negative.yml');
    expectOneLine(
      await runCli(['cassette', 'import', file, '--out', out]),
      `graphcheck: ${file}: log.entries[1].response.status must be >= 100: fix it, or remove the entry`,
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('outputs are written whole or not at all', () => {
  it('`cassette export` of a cut-off cassette keeps the good HAR already there', async () => {
    const sub = dir.path('export');
    mkdirSync(sub);
    const good = join(sub, 'good.cassette.yml');
    writeFileSync(good, cassetteOf(['http://127.0.0.1:4010/v25.0/me']));
    const keep = join(sub, 'keep.har');
    const made = await runCli(['cassette', 'export', good, '--har', '--out', keep]);
    expect(made.code, made.stderr).toBe(0);
    const before = readFileSync(keep, 'utf8');
    expect(JSON.parse(before).log.entries).toHaveLength(1);

    const whole = cassetteOf(['http://127.0.0.1:4010/v25.0/me', 'http://127.0.0.1:4010/v25.0/me/feed']);
    const cut = join(sub, 'cut.cassette.yml');
    writeFileSync(cut, whole.slice(0, whole.length - 40));
    expectOneLine(await runCli(['cassette', 'export', cut, '--har', '--out', keep]), /cut\.cassette\.yml:\d+: not a YAML document/);
    expect(readFileSync(keep, 'utf8')).toBe(before);
    expect(strangers(keep, ['good.cassette.yml', 'keep.har', 'cut.cassette.yml'])).toEqual([]);

    const fresh = join(sub, 'fresh.har');
    expectOneLine(await runCli(['cassette', 'export', cut, '--har', '--out', fresh]), /not a YAML document/);
    expect(existsSync(fresh)).toBe(false);
    expect(strangers(keep, ['good.cassette.yml', 'keep.har', 'cut.cassette.yml'])).toEqual([]);
  });

  it('`cassette import` of a broken HAR keeps the good cassette already there', async () => {
    const sub = dir.path('import');
    mkdirSync(sub);
    const good = join(sub, 'good.har');
    writeFileSync(good, harOf([GOOD]));
    const out = join(sub, 'kept.cassette.yml');
    const made = await runCli(['cassette', 'import', good, '--out', out]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`into ${out};`);
    const before = readFileSync(out, 'utf8');

    const broken = join(sub, 'broken.har');
    writeFileSync(broken, harOf([GOOD, GOOD, harEntry('GET', '/relative')]));
    expectOneLine(await runCli(['cassette', 'import', broken, '--out', out]), /log\.entries\[2\]\.request\.url must be an absolute URL/);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(strangers(out, ['good.har', 'kept.cassette.yml', 'broken.har'])).toEqual([]);
  });

  it('an --out in a folder that does not exist is one line naming that --out', async () => {
    const out = dir.path('no-such-folder/x.yml');
    const file = write('fine.har', harOf([GOOD]));
    expectOneLine(
      await runCli(['cassette', 'import', file, '--out', out]),
      `graphcheck: ${out}: cannot write the cassette (ENOENT): choose another --out`,
    );
  });
});

describe('`cassette import X --out X`', () => {
  it('refuses to write over its own input, however the path is spelt', async () => {
    const sub = dir.path('same');
    mkdirSync(sub);
    const input = join(sub, 'session.har');
    const text = harOf([GOOD]);
    writeFileSync(input, text);
    const link = join(sub, 'link.har');
    symlinkSync(input, link);
    const spellings = [input, join(sub, '..', basename(sub), 'session.har'), relative(process.cwd(), input), link];
    for (const out of spellings) {
      // In this process's own folder, which the relative spelling is relative to (and which nothing is written to).
      const run = await runCli(['cassette', 'import', input, '--out', out], {}, undefined, process.cwd());
      expectOneLine(run, `graphcheck: ${out}: is the input file ${input} itself: choose another --out`);
      expect(readFileSync(input, 'utf8')).toBe(text);
    }
    expect(strangers(input, ['session.har', 'link.har'])).toEqual([]);
  });

  it('refuses an export over its own cassette too', async () => {
    const file = write('self-export.cassette.yml', cassetteOf(['http://127.0.0.1:4010/v25.0/me']));
    const text = readFileSync(file, 'utf8');
    expectOneLine(
      await runCli(['cassette', 'export', file, '--har', '--out', file]),
      `graphcheck: ${file}: is the input file ${file} itself: choose another --out`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
