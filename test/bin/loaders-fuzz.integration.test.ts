// Malformed input of every kind graphcheck reads (profiles, suites, cassettes, HAR and VCR files), thrown at the
// loaders in-process: each must load, or refuse in one line naming the file (a UserInputError, exit 2). Anything
// else (a TypeError, a RangeError...) is a crash a user would see as a stack trace. In the integration tier, though
// it opens no socket: ten thousand files written and loaded, and `check` over the shipped suites, take half a minute.
import { existsSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { CassetteWriter } from '../../harness/cassette/cassette-writer.js';
import { exportHar } from '../../harness/cassette/export-har.js';
import { importCassette } from '../../harness/cassette/import-cassette.js';
import { UserInputError } from '../../harness/errors.js';
import { loadProfileFile } from '../../harness/profile/load-profile.js';
import { loadReplay } from '../../harness/replay/load-replay.js';
import { loadSuiteFile } from '../../harness/suite-loading/load-suite.js';
import { minimalProfile } from '../helpers/bad-targets.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Fixed in CI and here alike (FC_SEED tries another); printed so a failure replays. */
const SEED = Number(process.env.FC_SEED ?? 20261125);
/**
 * Inputs per format: 800 in CI, the same ones every run (2,000 took about 11 s more of every CI run); FUZZ_RUNS asks for more
 * when a loader changed.
 */
const RUNS_PER_FORMAT = Number(process.env.FUZZ_RUNS ?? 800);

// Thousands of small files are written and read: in memory (tmpfs) where the machine has one.
const dir = tempDir('graphcheck-fuzz-', existsSync('/dev/shm') ? '/dev/shm' : undefined);
afterAll(() => dir.cleanup());

type Json = unknown;
interface Format {
  name: string;
  /** A valid document of the format, as data and as the text a file holds. */
  seed: Json;
  text: (data: Json) => string;
  load: (file: string) => Promise<unknown>;
}

const VCR: Json = {
  http_interactions: [
    {
      request: { method: 'get', uri: 'https://graph.example/v25.0/me?access_token=EAAtoken123', body: { encoding: 'UTF-8', string: '' }, headers: { Accept: ['*/*'] } },
      response: {
        status: { code: 200, message: 'OK' },
        headers: { 'Content-Type': ['application/json'] },
        body: { encoding: 'UTF-8', base64_string: Buffer.from('{"id":"1"}').toString('base64') },
      },
      recorded_at: 'Tue, 01 Jan 2026 00:00:00 GMT',
    },
  ],
  recorded_with: 'VCR 6.2.0',
};

const SUITE: Json = {
  suite: 'fuzzed',
  title: 'A one-rule suite',
  rules: [
    {
      id: 'fuzzed.one',
      title: 'GET answers a page',
      strength: 'MUST',
      cites: [{ section: 'Endpoints', text: 'The page feed' }],
      needs: { profile: ['fixtures.page_id'] },
      steps: [{ request: { method: 'GET', path: '/{{fixtures.page_id}}/feed', query: { limit: 2 } }, expect: ['ok'] }],
    },
  ],
};

/** A path into `data` (object keys and array indexes), drawn by index among every place the document has. */
function places(data: Json, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(data)) data.forEach((v, i) => places(v, [...at, i], out));
  else if (data !== null && typeof data === 'object') for (const [k, v] of Object.entries(data)) places(v, [...at, k], out);
  return out;
}

function setAt(data: Json, path: Array<string | number>, value: Json | typeof DELETE): Json {
  if (path.length === 0) return value === DELETE ? null : value;
  const copy = structuredClone(data) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const DELETE = Symbol('delete');

/** Values a broken file holds: wrong types, empty and huge text, garbage base64, URLs of every shape. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', ' ', 'not base64 !!', '====', 'A', '-1', '1e400', 'NaN', '/v25.0/me', 'http://', 'https://[::1', 'javascript:x'),
  fc.constantFrom(null, -1, 0, 1.5, 2 ** 53, -(2 ** 31), true, [], {}),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const structural = (format: Format): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat(), fc.constantFrom<'replace' | 'delete' | 'add'>('replace', 'delete', 'add'), oddValue, fc.string({ maxLength: 8 }))
    .map(([n, how, value, key]) => {
      const all = places(format.seed);
      const path = all[n % all.length] as Array<string | number>;
      const node = path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k], format.seed);
      const container = node !== null && typeof node === 'object';
      const changed =
        how === 'delete'
          ? setAt(format.seed, path, DELETE)
          : how === 'add' && container
            ? setAt(format.seed, [...path, Array.isArray(node) ? node.length : key], value)
            : setAt(format.seed, path, value);
      return format.text(changed);
    });

const textual = (format: Format): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat(), fc.nat(), fc.constantFrom<'cut' | 'insert' | 'drop' | 'double'>('cut', 'insert', 'drop', 'double'), fc.string({ unit: 'binary', maxLength: 12 }))
    .map(([a, b, how, junk]) => {
      const text = format.text(format.seed);
      const at = a % (text.length + 1);
      const to = Math.min(text.length, at + (b % 64));
      if (how === 'cut') return text.slice(0, at);
      if (how === 'insert') return text.slice(0, at) + junk + text.slice(at);
      if (how === 'drop') return text.slice(0, at) + text.slice(to);
      return text.slice(0, to) + text.slice(at);
    });

/**
 * Loads `text` as `format` from a file: success, or one line naming the file (a profile: one line per problem,
 * every problem at once, each naming the file). Anything else fails the property.
 */
async function judge(format: Format, text: string, file: string): Promise<void> {
  writeFileSync(file, text);
  try {
    await format.load(file);
  } catch (error) {
    if (!(error instanceof UserInputError)) {
      throw new Error(`${format.name}: not a one-line user error but ${(error as Error).stack ?? String(error)}\n--- input ---\n${text}`);
    }
    const lines = error.message.split('\n');
    if (lines.length > (format.name === 'profile' ? 21 : 1)) throw new Error(`${format.name}: a message of ${lines.length} lines: ${error.message}`);
    for (const line of lines) if (!line.includes(file)) throw new Error(`${format.name}: a line does not name the file: ${line}`);
  }
}

describe(`malformed input at every loader (fast-check, seed ${SEED})`, () => {
  const formats: Format[] = [];

  beforeAll(async () => {
    const cassette = dir.path('seed.cassette.yml');
    const writer = CassetteWriter.create(cassette, { target: 'http://127.0.0.1:4010', appSecret: 'app-secret-xyz' });
    const base = { kind: 'api' as const, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1 };
    writer.append({
      ...base,
      request: { method: 'GET', url: 'http://127.0.0.1:4010/v25.0/1/feed?access_token=EAAtoken123&limit=2', headers: { accept: '*/*' } },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[],"paging":{"next":"http:\\/\\/127.0.0.1:4010\\/v25.0\\/1\\/feed?access_token=EAAtoken123"}}' },
    });
    writer.append({
      ...base,
      request: { method: 'POST', url: 'http://127.0.0.1:4010/v25.0/1/photos', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([0, 255, 1]).toString('base64'), bodyEncoding: 'base64' },
      error: { code: 'ECONNRESET', message: 'reset' },
    });
    writer.close();
    const har = dir.path('seed.har');
    await exportHar(cassette, har);
    const { readFileSync } = await import('node:fs');
    const cassetteDocs = readFileSync(cassette, 'utf8')
      .split(/^---.*$/m)
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => JSON.parse(d) as Json);
    formats.push(
      {
        name: 'cassette',
        seed: cassetteDocs,
        text: (docs) => (Array.isArray(docs) ? docs : [docs]).map((d) => `---\n${JSON.stringify(d)}\n`).join(''),
        // Replay's loader reads and validates every document as `readCassette` does, then indexes them.
        load: (file) => loadReplay(file, { secrets: 'any' }),
      },
      {
        name: 'HAR',
        seed: JSON.parse(readFileSync(har, 'utf8')) as Json,
        text: (data) => JSON.stringify(data),
        // The import reads as `check` does (readForeignTraffic), then redacts and writes a cassette.
        load: (file) => importCassette(file, { out: `${file}.imported.yml` }),
      },
      {
        name: 'VCR',
        seed: VCR,
        text: (data) => stringify(data),
        load: (file) => importCassette(file, { out: `${file}.imported.yml` }),
      },
      { name: 'profile', seed: minimalProfile('http://127.0.0.1:8080'), text: (data) => stringify(data), load: (file) => loadProfileFile(file, {}) },
      { name: 'suite', seed: SUITE, text: (data) => stringify(data), load: (file) => loadSuiteFile(file) },
    );
    // The seeds themselves load: the mutations, not the seeds, are what is refused.
    for (const format of formats) await judge(format, format.text(format.seed), dir.path(`valid-${format.name}`));
  });

  it(`refuses every broken profile, suite, cassette, HAR and VCR file in one line (${5 * RUNS_PER_FORMAT} inputs)`, async () => {
    for (const format of formats) {
      const file = dir.path(`fuzz-${format.name}.${format.name === 'HAR' ? 'har' : 'yml'}`);
      const input = fc.oneof(structural(format), textual(format));
      await fc.assert(fc.asyncProperty(input, (text) => judge(format, text, file)), { seed: SEED, numRuns: RUNS_PER_FORMAT });
    }
  }, 120_000);

  it('the CLI too: exit 2, one line, no stack trace, for a handful of broken files', async () => {
    const cases: Array<[string, string[]]> = [
      ['bad-base64.har', ['check', '--cassette']],
      ['bad-binary.yml', ['cassette', 'import']],
      ['bad-size.har', ['cassette', 'import']],
    ];
    const entry = {
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 1,
      request: { method: 'GET', url: 'https://graph.example/v25.0/me', headers: [], httpVersion: 'HTTP/1.1', cookies: [], queryString: [], headersSize: -1, bodySize: 0 },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: 5, mimeType: 'application/json', text: 'not base64 !!', encoding: 'base64' }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    };
    writeFileSync(dir.path('bad-base64.har'), JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [entry] } }));
    const sized = { ...entry, response: { ...entry.response, content: { size: 99, mimeType: 'application/json', text: Buffer.from('{}').toString('base64'), encoding: 'base64' } } };
    writeFileSync(dir.path('bad-size.har'), JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [sized] } }));
    writeFileSync(
      dir.path('bad-binary.yml'),
      'interactions:\n- request: {method: GET, uri: "https://graph.example/v25.0/me", body: null, headers: {}}\n  response:\n    status: {code: 200, message: OK}\n    headers: {}\n    body: {string: !!binary "not base64 !!"}\n',
    );
    for (const [name, command] of cases) {
      const out = await runCli([...command, dir.path(name), ...(command[0] === 'check' ? ['--report-dir', dir.path('reports')] : ['--out', dir.path(`${name}.yml`)])]);
      expect(out.code, out.stderr).toBe(2);
      expect(hasStackTrace(out.stderr)).toBe(false);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toContain(dir.path(name));
    }
  });
});
