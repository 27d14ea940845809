import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { exportCommand, importCommand, redactCommand } from '../../bin/commands/cassette.js';
import { readCassette } from '../../harness/cassette/cassette-reader.js';
import { tempDir } from '../helpers/temp-dir.js';
import { SECRETS } from '../helpers/tiny-target.js';

// The cassette commands need no process of their own (record and replay, which do: record-replay.cli.test.ts);
// check over the shipped suites is check-and-cassette.integration.test.ts.
const dir = tempDir('graphcheck-cassette-commands-');
afterAll(() => dir.cleanup());

describe('cassette commands', () => {
  it('import, export --har and redact', async () => {
    const har = dir.path('in.har');
    writeFileSync(
      har,
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              startedDateTime: '2026-01-01T00:00:00Z',
              time: 3,
              request: {
                method: 'GET',
                url: `https://graph.example/v25.0/me?access_token=${SECRETS.pageToken}`,
                headers: [],
              },
              response: {
                status: 200,
                headers: [{ name: 'Content-Type', value: 'application/json' }],
                content: { text: '{"id":"1","note":"internal-key-123"}' },
              },
            },
          ],
        },
      }),
    );
    const printed: string[] = [];
    const print = (line: string): void => void printed.push(line);
    await importCommand(har, { out: dir.path('in.yml'), redact: true }, print);
    expect(printed[0]).toBe(
      `imported 1 exchange (har) from ${har} into ${dir.path('in.yml')}; 1 secret redacted`,
    );
    expect(readFileSync(dir.path('in.yml'), 'utf8')).not.toContain(SECRETS.pageToken);
    await exportCommand(dir.path('in.yml'), { har: true }, print);
    expect(printed[1]).toBe(
      `exported 1 exchanges from ${dir.path('in.yml')} to ${dir.path('in.har')} (HAR 1.2)`,
    );
    await expect(exportCommand(dir.path('in.yml'), {}, print)).rejects.toMatchObject({ code: 'USAGE' });
    await redactCommand(dir.path('in.yml'), { secret: ['internal-key-123'] }, print);
    expect(printed[2]).toBe(`redacted ${dir.path('in.yml')} again: 1 exchanges, 1 secrets newly replaced`);

    // A gzip cassette is redacted into a gzip cassette under the same name.
    const zipped = dir.path('in.yml.gz');
    writeFileSync(zipped, gzipSync(readFileSync(dir.path('in.yml'))));
    await redactCommand(zipped, { secret: ['planted-second-key'] }, print);
    expect(readFileSync(zipped).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect((await readCassette(zipped)).exchanges).toHaveLength(1);
  });
});
