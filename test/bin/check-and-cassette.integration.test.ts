import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { harEntry, harOf } from '../helpers/har.js';
import { tempDir } from '../helpers/temp-dir.js';

// check needs no process of its own (record and replay, which do: record-replay.cli.test.ts). In the integration
// tier, though it opens no socket: each `check` here loads and validates the whole shipped suites (about a second
// each), which the unit tier cannot afford; the cassette commands are cassette-commands.test.ts.
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
