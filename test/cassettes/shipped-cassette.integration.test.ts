import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cassetteStaleness, type ShippedVerdicts } from '../../scripts/cassette-staleness.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { everyShippedSuite } from '../helpers/shipped-suites.js';

const CASSETTE = new URL('../../cassettes/reference-full-run.yaml.gz', import.meta.url).pathname;
const VERDICTS = new URL('../../cassettes/reference-full-run.verdicts.json', import.meta.url).pathname;
const RERECORD = 'what the shipped cassette records changed since it was recorded: run `npm run record-cassette`';

async function verdictsIn(dir: string): Promise<Record<string, string>> {
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { rule: string; verdict: string }[] };
  return Object.fromEntries(report.results.map((r) => [r.rule, r.verdict]));
}

describe('the shipped cassette (a full run against the reference)', async () => {
  const shipped = JSON.parse(await readFile(VERDICTS, 'utf8')) as ShippedVerdicts;
  // The rules it holds: a rule added since is not in it (scripts/cassette-staleness.ts), so the repeat names them.
  const recorded = Object.keys(shipped.verdicts).flatMap((rule) => ['--rule', rule]);
  const dir = tempDir();
  afterAll(() => dir.cleanup());

  // Re-recorded only when what it records changed: a rule added leaves it alone; one removed, renamed or sending
  // other requests does not.
  it('holds what its rules record now: each is still in the suites, sending what it sent', async () => {
    expect(cassetteStaleness(shipped, await everyShippedSuite()), RERECORD).toEqual([]);
  });

  it('repeats offline with the verdicts the live run reached, webhook rules included', async () => {
    const out = await runCli(['run', ...recorded, '--cassette', CASSETTE, '--report-dir', dir.path('all')]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(shipped.exit);
    expect(await verdictsIn(dir.path('all'))).toEqual(shipped.verdicts);
    expect(Object.keys(shipped.verdicts).filter((r) => r.startsWith('webhooks.')).length).toBeGreaterThan(5);
  });

  it('repeats single rules from anywhere in the run, as the printed replay commands do', async () => {
    const rules = ['webhooks.retry-schedule-36h', 'authorization.code-single-use', 'subscriptions.wrong-challenge-refused'];
    const args = rules.flatMap((r) => ['--rule', r]);
    const out = await runCli(['run', ...args, '--seed', String(shipped.seed), '--cassette', CASSETTE, '--report-dir', dir.path('one')]);
    expect(out.stderr).toBe('');
    const verdicts = await verdictsIn(dir.path('one'));
    expect(verdicts).toEqual(Object.fromEntries(rules.map((r) => [r, shipped.verdicts[r]])));
  });

  it('refuses a seed other than the recorded one, in one line', async () => {
    const out = await runCli(['run', '--seed', String(shipped.seed + 1), '--cassette', CASSETTE, '--report-dir', dir.path('x')]);
    expect(out.code).toBe(2);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/was recorded with --seed \d+; drop --seed/);
  });

  it('refuses --runs, --version-prefix and --fault that differ from the recording (recorded with --runs 20, latest): the cassette fixes them', async () => {
    const refused = [
      [['--runs', '7'], /--runs \d+: .* was recorded with --runs \d+; drop --runs/],
      [['--version-prefix', 'none'], /--version-prefix none: .* was recorded with --version-prefix \S+; drop --version-prefix/],
      [['--fault', 'feed-paging-skips'], /--fault feed-paging-skips: a repeat answers from .*; drop --fault/],
    ] as const;
    for (const [flags, message] of refused) {
      const out = await runCli(['run', ...flags, '--cassette', CASSETTE, '--report-dir', dir.path('x')]);
      expect(out.code).toBe(2);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(message);
    }
  });
});
