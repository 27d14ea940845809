import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { planFromFlags } from '../../bin/plan-from-flags.js';
import { runCli } from '../helpers/cli.js';
import { failure } from '../helpers/user-error.js';
import { tempFolder } from '../helpers/temp-dir.js';

// A selection stands for the whole, shards are split by rule id whatever it is: the feed's limit rules (one failed by
// the switch), comments (shared rules), versioning (run alone: the first-called version) and the subscription amends
// (run alone or in sessions: they change the app's subscriptions). A full run's report size is checked by
// test/suites/pass/behind-proxy.integration.test.ts.
const RUN = ['run', '--seed', '11', '--rule', 'feed.get-limit-*,versioning.*,comments.*,subscriptions.amend-*', '--fault', 'feed-limit-not-capped', '--quiet'];

interface Report {
  seed: number;
  summary: Record<string, number>;
  results: { rule: string; verdict: string }[];
  shard?: { index: number; count: number };
}

async function report(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

describe('--shard i/n and merge-reports', () => {
  let dir: string;
  let whole: Report;
  beforeAll(async () => {
    dir = tempFolder('graphcheck-shards-');
    // The unsharded run and the three shards, each against its own embedded reference, two at a time.
    const shards = [1, 2, 3].map((i) => runCli([...RUN, '--shard', `${i}/3`, '--report-dir', join(dir, `shard-${i}`)]));
    const [one] = await Promise.all([runCli([...RUN, '--report-dir', join(dir, 'whole')]), shards[0]]);
    expect(one.code).toBe(1);
    await Promise.all(shards.slice(1));
    whole = await report(join(dir, 'whole'));
  }, 240_000);

  it('shards split the rules by id, and merged give the rule set and verdicts of the unsharded run', async () => {
    const parts = await Promise.all([1, 2, 3].map((i) => report(join(dir, `shard-${i}`))));
    expect(parts.map((p) => p.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
    for (const p of parts) expect(p.results.length).toBeGreaterThan(whole.results.length / 6);
    const merged = await runCli(['merge-reports', ...[1, 2, 3].map((i) => join(dir, `shard-${i}`)), '--report-dir', join(dir, 'merged')]);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/^FAILED: \d+ passed, [1-9]\d* failed, 0 warned, 0 skipped, 0 error \(seed 11; 3 reports merged\)$/m);
    const m = await report(join(dir, 'merged'));
    const verdicts = (r: Report) => r.results.map((x) => [x.rule, x.verdict]);
    expect(verdicts(m)).toEqual(verdicts(whole));
    expect(m.summary).toEqual(whole.summary);
    expect(m.seed).toBe(11);
    for (const file of ['junit.xml', 'summary.md', 'report.html']) expect((await stat(join(dir, 'merged', file))).size).toBeGreaterThan(0);
    const summary = await readFile(join(dir, 'merged', 'summary.md'), 'utf8');
    expect(summary).toMatch(/^# graphcheck FAILED: /);
    expect(summary).toContain(`## Failures (${whole.summary.failed})`);
    expect(summary).toContain('### `feed.get-limit-over-100-refused` [MUST]');
  });

  it('merging a report twice, or reports of two seeds, is a usage error', async () => {
    const twice = await runCli(['merge-reports', join(dir, 'shard-1'), join(dir, 'shard-1'), '--report-dir', join(dir, 'm2')]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/is also in .*shard-1: merge shards that split one run/);
    const missing = await runCli(['merge-reports', join(dir, 'nowhere'), '--report-dir', join(dir, 'm3')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nowhere\/report\.json: cannot read it \(ENOENT\)/);
  });

  it('a malformed --shard is a usage error', async () => {
    for (const shard of ['0/3', '4/3', 'two']) {
      const error = await failure(async () => planFromFlags({ shard }));
      expect(error.message).toMatch(/^--shard .*: write it as INDEX\/COUNT/);
    }
  });
});
