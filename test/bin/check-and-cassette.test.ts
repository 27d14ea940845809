import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { exportCommand, importCommand, redactCommand } from '../../bin/commands/cassette.js';
import { readCassette } from '../../harness/cassette/cassette-reader.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { harEntry, harOf } from '../helpers/har.js';
import { tempDir } from '../helpers/temp-dir.js';
import { SECRETS } from '../helpers/tiny-target.js';

// check and cassette need no process of their own (record and replay, which do: record-replay.cli.test.ts).
const dir = tempDir('graphcheck-check-');
afterAll(() => dir.cleanup());

describe('check', () => {
  it('points a finding at its place in the recording and prints a replay command that runs', async () => {
    const har = dir.path('limit.har');
    const feed = 'https://graph.example/v25.0/2000001/feed';
    writeFileSync(har, harOf([harEntry('GET', `${feed}?limit=5`), harEntry('GET', `${feed}?limit=250`)]));
    const out = await runCli(['check', '--cassette', har, '--rule', 'feed.get-limit-over-100-refused', '--report-dir', dir.path('check-rep')]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('exchange #1 (#1 in the recording): GET https://graph.example/v25.0/2000001/feed?limit=250');
    const replay = /replay: (graphcheck check .*)/.exec(out.stdout)?.[1];
    expect(replay).toBe(`graphcheck check --rule feed.get-limit-over-100-refused --cassette ${har}`);
  });

  it('counts the rules the traffic gives nothing to judge, and lists them only with --verbose', async () => {
    const har = dir.path('one-feed.har');
    writeFileSync(har, harOf([harEntry('GET', 'https://graph.example/v25.0/2000001/feed?limit=5&access_token=EAAB0123456789')]));
    const out = await runCli(['check', '--cassette', har, '--report-dir', dir.path('quiet-rep')]);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/^SKIP /m);
    // The seed, which decides nothing over recorded traffic, is named once, in the first line, as every command's.
    expect(out.stdout.split('\n')[0]).toMatch(/^graphcheck check: .*one-feed\.har \(seed \d+\)$/);
    expect(out.stdout.match(/seed/g)).toHaveLength(1);
    const skipped = Number(/(\d+) skipped, 0 error \(why the skipped were not judged: above; --verbose lists them\)/.exec(out.stdout)?.[1]);
    expect(skipped).toBeGreaterThan(10);
    // Above: the rules with a passive form the traffic did not judge, grouped by why, as many as were skipped.
    expect(out.stdout).toMatch(new RegExp(`^not judged, with a passive form \\(${skipped}\\):$`, 'm'));
    expect(out.stdout).toMatch(/^ +\d+ found no recorded exchange they apply to$/m);
    const verbose = await runCli(['check', '--cassette', har, '--verbose', '--report-dir', dir.path('verbose-rep')]);
    expect(verbose.stdout.match(/^SKIP /gm)).toHaveLength(skipped);
    expect(verbose.stdout).toMatch(/^PASS feed\.get-limit-caps-page/m);
  });
});

describe('paths that name the wrong kind of thing', () => {
  it('a folder given as the cassette, a file given as the report folder: one line each, exit 2', async () => {
    for (const args of [['check', '--cassette', dir.path('')], ['replay', '--cassette', dir.path('')]]) {
      const out = await runCli(args);
      expect(out.code).toBe(2);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(/is a folder: give the cassette file/);
    }
    const har = dir.path('one.har');
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }));
    const notADir = dir.path('not-a-dir');
    writeFileSync(notADir, 'x');
    const out = await runCli(['check', '--cassette', har, '--report-dir', notADir]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/cannot be the report folder \(.*not-a-dir is a file\): choose another --report-dir/);
    expect(hasStackTrace(out.stderr)).toBe(false);
  });
});

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
