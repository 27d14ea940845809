import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'graphcheck-selection-'));
}

/** One line on stderr, exit 2, no stack trace: a usage mistake. */
function expectUsage(out: { code: number | null; stderr: string }, message: RegExp): void {
  expect(out.code).toBe(2);
  expect(out.stderr.trim().split('\n')).toHaveLength(1);
  expect(out.stderr).toMatch(message);
  expect(hasStackTrace(out.stderr)).toBe(false);
}

describe('a selection that selects nothing is a usage error, never a green run of zero rules', () => {
  it('run: an unknown rule, an unknown suite, a rule outside the chosen suite, an empty suites folder', async () => {
    const reports = await tempDir();
    const run = (...args: string[]) => runCli(['run', ...args, '--report-dir', reports]);
    expectUsage(await run('--rule', 'nosuch.rule'), /^graphcheck: --rule nosuch\.rule: matches no rule; give a rule id such as \S+, or a glob such as \S+\.\*/);
    expectUsage(await run('--suite', 'FEED'), /--suite FEED: no such suite; suites in .*: .*feed/);
    expectUsage(await run('--suite', 'feed', '--rule', 'comments.*'), /--rule comments\.\*: matches no rule in suite feed/);
    expectUsage(await run('--suites-dir', await tempDir()), /^graphcheck: nothing to run: .* holds no rule$/m);
  });

  it('run: comma-separated suites and rules select like repeated flags', async () => {
    const dir = await tempDir();
    const out = await runCli(['run', '--rule', 'versioning.usable-and-unversioned-paths-served,feed.get-limit-caps-page', '--seed', '1', '--report-dir', dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^PASSED: 2 passed, 0 failed, 0 warned, 0 skipped, 0 error/m);
  });

  it('check: an unknown rule, and a rule that recorded traffic cannot judge', async () => {
    const har = join(await tempDir(), 'empty.har');
    await writeFile(har, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }));
    expectUsage(await runCli(['check', '--cassette', har, '--rule', 'nosuch']), /--rule nosuch: matches no rule/);
    expectUsage(
      await runCli(['check', '--cassette', har, '--rule', 'feed.schedule-goes-live']),
      /--rule feed\.schedule-goes-live: no passive: block, so recorded traffic cannot judge it/,
    );
  });
});

describe('a report folder that cannot be one is said before the run', () => {
  it('a file in its place, or in place of a folder above it; a path under /proc ends at once', async () => {
    const dir = await tempDir();
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    for (const reportDir of [file, join(file, 'below')]) {
      const proc = await runCli(['run', '--report-dir', reportDir]);
      expectUsage(proc, /cannot be the report folder \(.*a-file is a file\): choose another --report-dir/);
      // Said before the run: no rule ran, so nothing was printed but the one line.
      expect(proc.stdout).toBe('');
      expect(proc.stderr.trim().split('\n')).toHaveLength(1);
    }
    const proc = await runCli(['run', '--rule', 'feed.get-limit-caps-page', '--report-dir', '/proc/graphcheck-nope']);
    expect(proc.code).toBe(2);
    expect(proc.stderr).toMatch(/\/proc\/graphcheck-nope: cannot write report\.json there \(E\w+\): choose another --report-dir/);
  });
});
