import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

// The mistakes refused before a run starts: run-user-mistakes.test.ts.
describe('graphcheck run against the embedded reference', () => {
  it('runs the feed suite, writes the three reports and exits 0', async () => {
    const dir = tempFolder('graphcheck-cli-');
    const out = await runCli(['run', '--suite', 'feed', '--report-dir', dir, '--seed', '3', '--runs', '3']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^PASSED: \d+ passed, 0 failed, 0 warned, 0 skipped, 0 error \(seed 3\)$/m);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(report.seed).toBe(3);
    expect(report.summary.failed).toBe(0);
    expect(report.results.every((r: { suite: string }) => r.suite === 'feed')).toBe(true);
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="feed" tests="\d+" failures="0"/);
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toMatch(/^# graphcheck PASSED: \d+ passed, 0 failed/);
  });

  it('exits 1 with a replay command when a fault breaks a rule', async () => {
    const dir = tempFolder('graphcheck-cli-');
    const out = await runCli(['run', '--rule', 'feed.get-limit-*', '--fault', 'feed-limit-not-capped', '--report-dir', dir, '--seed', '9']);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/FAIL feed\.get-limit-over-100-refused/);
    expect(out.stdout).toMatch(/counterexample \(shrunk\): \{"limit":101\}/);
    expect(out.stdout).toContain('replay: graphcheck run --rule feed.get-limit-over-100-refused --seed 9 --fault feed-limit-not-capped');
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<failure message="[^"]*">/);
  });

  it('prints replay commands that repeat the flags deciding the requests, and they reproduce the verdict', async () => {
    const dir = tempFolder('graphcheck-cli-');
    const flags = ['--version-prefix', 'none', '--runs', '3', '--timeout', '5000', '--fault', 'versioning-bare-path-unsupported'];
    const out = await runCli(['run', '--rule', 'feed.get-list-shape', '--seed', '4', ...flags, '--report-dir', dir]);
    expect(out.code).toBe(3);
    const replay = /replay: (graphcheck run .*)/.exec(out.stdout)?.[1] ?? '';
    expect(replay).toBe('graphcheck run --rule feed.get-list-shape --seed 4 --fault versioning-bare-path-unsupported --version-prefix none --runs 3 --timeout 5000');
    const again = await runCli([...replay.split(' ').slice(1), '--report-dir', join(dir, 'again')]);
    expect(again.code).toBe(3);
    expect(again.stdout).toMatch(/ERR +feed\.get-list-shape/);
  });
});
