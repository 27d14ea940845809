import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PLAIN_HEADER } from '../../helpers/plain-cassette.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('graphcheck-bounded-');
afterAll(() => dir.cleanup());

// In the cli tier: the reader's memory is measured in a child process of its own.
describe('size of files', () => {
  it('a gzip cassette holding one line of 300 MiB: refused at 256 MiB, the reader never holding much more', async () => {
    const file = dir.path('one-huge-line.yml.gz');
    const chunk = Buffer.alloc(1 << 20, 'a');
    await pipeline(
      (function* () {
        yield Buffer.from(`--- ${PLAIN_HEADER}\n--- "`);
        for (let i = 0; i < 300; i++) yield chunk;
      })(),
      createGzip({ level: 1 }),
      createWriteStream(file),
    );
    const child = spawnSync(process.execPath, ['bin/run-ts.js', 'test/helpers/children/read-cassette-child.ts', file], { encoding: 'utf8' });
    const outcome = JSON.parse(child.stdout) as { code?: string; message?: string; maxRssBytes: number };
    expect(outcome.code).toBe('INPUT_TOO_LARGE');
    expect(outcome.message).toBe(`${file}:2: line longer than 256 MiB: not a cassette graphcheck wrote; cut the file before this line`);
    // The line as chunks (256 MiB) and Node itself; it used to take 6.4 GB and crash.
    expect(outcome.maxRssBytes).toBeLessThan(1024 * 1024 * 1024);
  });
});
