import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { importCommand } from '../../../bin/commands/cassette.js';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import { loadProfileFile } from '../../../harness/profile/load-profile.js';
import { failure } from '../../helpers/user-error.js';
import { PLAIN_HEADER, exchangeWithBody } from '../../helpers/plain-cassette.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('graphcheck-bounded-');
afterAll(() => dir.cleanup());

// Files past the bounds, read in-process; `check` over a deep answer is bounded-inputs.integration.test.ts, what a
// reader holds of a huge line bounded-inputs.cli.test.ts.
describe('nesting depth of files', () => {
  it('a 32 KB cassette document nested 8,000 levels deep: one line naming file and line, not a stack overflow', async () => {
    const file = dir.path('deep.yml');
    const deep = `{"a":${'['.repeat(8000)}${']'.repeat(8000)}}`;
    await writeFile(file, `--- ${PLAIN_HEADER}\n--- ${exchangeWithBody('{}')}\n---\n${deep}\n`);
    const error = await failure(() => readCassette(file));
    expect(error.code).toBe('INPUT_TOO_DEEP');
    expect(error.message).toBe(`${file}:4: document nested deeper than 256 levels: delete lines 3-4, or record it again`);
  });

  it('a HAR nested deep, and a VCR nested deep in block YAML: refused in one line', async () => {
    const har = dir.path('deep.har');
    await writeFile(har, `{"log":{"entries":[],"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`);
    expect((await failure(() => readForeignTraffic(har))).code).toBe('INPUT_TOO_DEEP');
    const vcr = dir.path('deep-vcr.yml');
    await writeFile(vcr, `http_interactions:\n  ${'- '.repeat(1500)}x\n`);
    const error = await failure(() => readForeignTraffic(vcr));
    expect(error.message).toBe(`${vcr}:2: nested deeper than 256 levels: not recorded traffic; fix the file`);
  });

  it('a profile nested as a deep YAML block sequence: PROFILE_INVALID with its line, not an internal error', async () => {
    const file = dir.path('deep-profile.yaml');
    await writeFile(file, `contract: 1\nbase_url: http://127.0.0.1:1\nversions:\n  ${'- '.repeat(3000)}x\n`);
    const error = await failure(() => loadProfileFile(file));
    expect(error.code).toBe('PROFILE_INVALID');
    expect(error.message).toMatch(new RegExp(`^${file}:4: not valid YAML/JSON: nested deeper than 256 levels`));
  });
});

describe('size of files', () => {

  it('a profile of 1 GB is refused for its size before it is read', async () => {
    const file = dir.path('huge-profile.yaml');
    await writeFile(file, '');
    await truncate(file, 1024 * 1024 * 1024);
    const error = await failure(() => loadProfileFile(file));
    expect(error.code).toBe('INPUT_TOO_LARGE');
    expect(error.message).toBe(`${file}: larger than 16 MiB: not a target profile; check the --profile path`);
  });

  it('a HAR of 727 MB is refused for its size, not as a permissions problem', async () => {
    const file = dir.path('huge.har');
    await writeFile(file, '');
    await truncate(file, 727 * 1000 * 1000);
    const error = await failure(() => readForeignTraffic(file));
    expect(error.code).toBe('INPUT_TOO_LARGE');
    expect(error.message).toBe(`${file}: 693.3 MiB, larger than the 256 MiB graphcheck reads at once: record or export less traffic per file`);
  });

  it('a VCR compression bomb: the body is dropped with its reason when redacting, kept compressed with --no-redact, and the import says which, never a silent ""', async () => {
    const zeros = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    const vcr = dir.path('bomb.yml');
    await writeFile(
      vcr,
      [
        'http_interactions:',
        '- request: {method: get, uri: "http://127.0.0.1:1/v25.0/me", headers: {}}',
        '  response:',
        '    status: {code: 200}',
        '    headers: {Content-Encoding: [gzip]}',
        `    body: {encoding: ASCII-8BIT, base64_string: "${zeros.toString('base64')}"}`,
        '  recorded_at: 2024-01-01T00:00:00Z',
        '',
      ].join('\n'),
    );
    const out = dir.path('bomb.cassette.yml');
    const printed: string[] = [];
    await importCommand(vcr, { out, redact: true }, (line) => printed.push(line), (line) => printed.push(line));
    expect(printed[0]).toBe(
      `${vcr}: 1 response with a compressed body that would pass 16 MiB decoded: not kept, as it could not be searched for secrets (--no-redact keeps it compressed as recorded)`,
    );
    const redacted = (await readCassette(out)).exchanges[0]?.response;
    expect([redacted?.body, redacted?.bodyOmitted]).toEqual(['', true]);
    expect(redacted?.bodyLost).toMatch(/could not be searched for secrets/);
    const kept = dir.path('bomb.kept.cassette.yml');
    const said: string[] = [];
    await importCommand(vcr, { out: kept, redact: false }, (line) => said.push(line), (line) => said.push(line));
    expect(said).toContain(`${vcr}: 1 response with a compressed body that would pass 16 MiB decoded: kept compressed as recorded, with its content-encoding`);
    const { exchanges } = await readCassette(kept);
    expect(exchanges[0]?.response?.body).toBe(zeros.toString('base64'));
    expect(exchanges[0]?.response?.headers).toEqual({ 'Content-Encoding': 'gzip' });
  });

  it('importing a missing file names the file, not the output it could not write beside it', async () => {
    const missing = join(dir.path('no-such-folder'), 'traffic.har');
    const error = await failure(() => importCommand(missing, { redact: true }, () => {}, () => {}));
    expect(error.message).toBe(`${missing}: no such file: check the path`);
  });
});
