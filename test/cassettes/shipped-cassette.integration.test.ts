import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const CASSETTE = new URL('../../cassettes/reference-full-run.yaml.gz', import.meta.url).pathname;
const VERDICTS = new URL('../../cassettes/reference-full-run.verdicts.json', import.meta.url).pathname;
const RERECORD = 'suites changed since the shipped cassette was recorded: run `npm run record-cassette`';

interface Shipped {
  seed: number;
  exit: number;
  verdicts: Record<string, string>;
}

async function verdictsIn(dir: string): Promise<Record<string, string>> {
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { rule: string; verdict: string }[] };
  return Object.fromEntries(report.results.map((r) => [r.rule, r.verdict]));
}

describe('the shipped cassette (a full run against the reference)', async () => {
  const shipped = JSON.parse(await readFile(VERDICTS, 'utf8')) as Shipped;
  const dir = tempDir();
  afterAll(() => dir.cleanup());

  // Client-side rules judge recorded traffic and callback rules an app's receiver: `run` runs neither.
  it('covers every rule of the suites', async () => {
    const rules = (await loadSuites(SUITES_DIR)).flatMap((s) => s.rules.filter((r) => r.side !== 'client' && r.side !== 'callback').map((r) => r.id));
    expect(Object.keys(shipped.verdicts).sort(), RERECORD).toEqual(rules.sort());
  });

  it('repeats offline with the verdicts the live run reached, webhook rules included', async () => {
    const out = await runCli(['run', '--cassette', CASSETTE, '--report-dir', dir.path('all')]);
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
