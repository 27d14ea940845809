import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

const RULES = ['--rule', 'feed.get-limit-*', '--seed', '5', '--runs', '3'];
const FAULT = ['--fault', 'feed-limit-not-capped'];

// A baseline refused as it is read: run-baseline.test.ts.
describe('an expected-failure baseline keeps a growing implementation green, and says when it is stale', () => {
  let dir: string;
  let baseline: string;
  beforeAll(async () => {
    dir = tempFolder('graphcheck-baseline-');
    baseline = join(dir, 'baseline.yaml');
  });

  it('--update-baseline writes the failures of a faulty run, and the same run then exits 0 with them known', async () => {
    const update = await runCli(['run', ...RULES, ...FAULT, '--baseline', baseline, '--update-baseline', '--report-dir', join(dir, 'update')]);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain(`baseline: 1 entry written to ${baseline}`);
    const written = parse(await readFile(baseline, 'utf8')) as { known: { rule: string; verdict: string; reason: string }[] };
    expect(written.known).toEqual([{ rule: 'feed.get-limit-over-100-refused', verdict: 'failed', reason: expect.stringMatching(/^expected an error/) }]);

    const again = await runCli(['run', ...RULES, ...FAULT, '--baseline', baseline, '--report-dir', join(dir, 'again')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^KNOWN feed\.get-limit-over-100-refused: known: expected an error/m);
    expect(again.stdout).toMatch(/^PASSED: 1 passed, 0 failed, 0 warned, 0 skipped, 0 error, 1 known/m);
    const report = JSON.parse(await readFile(join(dir, 'again', 'report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ passed: 1, failed: 0, known: 1 });
    expect(report.results.find((r: { rule: string }) => r.rule === 'feed.get-limit-over-100-refused')).toMatchObject({ verdict: 'failed', known: expect.any(String) });
    const summary = await readFile(join(dir, 'again', 'summary.md'), 'utf8');
    expect(summary).toMatch(/^# graphcheck PASSED: /);
    expect(summary).toMatch(/## Known \(baseline\) \(1\)\n\n- `feed\.get-limit-over-100-refused` failed: /);
    expect(await readFile(join(dir, 'again', 'junit.xml'), 'utf8')).not.toContain('<failure');
  });

  it('without the fault the entry is stale: exit 1 naming it, unless --allow-stale', async () => {
    const stale = await runCli(['run', ...RULES, '--baseline', baseline, '--report-dir', join(dir, 'stale')]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/STALE baseline entry feed\.get-limit-over-100-refused \(expected failed\): its rule passed; drop it from the baseline/);
    expect(stale.stdout).toMatch(/^FAILED: 2 passed, 0 failed, 0 warned, 0 skipped, 0 error, 1 stale baseline entry/m);
    expect(await readFile(join(dir, 'stale', 'summary.md'), 'utf8')).toMatch(/## Stale baseline entries \(1\)/);
    const allowed = await runCli(['run', ...RULES, '--baseline', baseline, '--allow-stale', '--report-dir', join(dir, 'allowed')]);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('(allowed by --allow-stale)');
  });

  it('a failure the baseline does not list still fails the run', async () => {
    await writeFile(baseline, 'known:\n  - rule: feed.get-limit-caps-page\n    verdict: failed\n    reason: not built yet\n');
    const out = await runCli(['run', ...RULES, ...FAULT, '--baseline', baseline, '--allow-stale', '--report-dir', join(dir, 'other')]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^FAIL feed\.get-limit-over-100-refused/m);
  });
});

describe('SHOULD failures are warnings everywhere, failures under --strict', () => {
  const args = ['run', '--rule', 'photos.post-two-image-sources-refused,feed.get-list-shape', '--fault', 'photos-two-sources-accepted', '--seed', '2'];

  it('console, report.json, summary.md, junit.xml and report.html say warned; exit 0', async () => {
    const dir = tempFolder('graphcheck-should-');
    const out = await runCli([...args, '--report-dir', dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^WARN photos\.post-two-image-sources-refused: /m);
    expect(out.stdout).toMatch(/^PASSED WITH WARNINGS: 1 passed, 0 failed, 1 warned, 0 skipped, 0 error/m);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ passed: 1, failed: 0, warned: 1 });
    const summary = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^# graphcheck PASSED WITH WARNINGS: 1 passed, 0 failed, 1 warned/);
    expect(summary).toMatch(/## Warnings \(SHOULD rules that failed\) \(1\)/);
    expect(summary).not.toMatch(/## Failures/);
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit).not.toMatch(/<failure|<error/);
    expect(junit).toMatch(/<testsuites name="graphcheck" tests="2" failures="0" errors="0" skipped="0">/);
    expect(junit).toMatch(/<property name="graphcheck.standing" value="warned"\/><\/properties>\n\s*<system-out>WARN \(SHOULD rule failed/);
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toMatch(/<h1 class="passed">graphcheck PASSED WITH WARNINGS/);
  });

  it('--strict makes them failures: exit 1 and a <failure> in junit.xml', async () => {
    const dir = tempFolder('graphcheck-strict-');
    const out = await runCli([...args, '--strict', '--report-dir', dir]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^FAIL photos\.post-two-image-sources-refused: /m);
    expect(out.stdout).toMatch(/^FAILED: 1 passed, 1 failed, 0 warned/m);
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toMatch(/failures="1"[\s\S]*<failure message=/);
  });
});
