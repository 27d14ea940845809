import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { runCli } from '../helpers/cli.js';

interface Report {
  seed: number;
  results: { rule: string; verdict: string; counterexample?: unknown }[];
}

async function report(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

const outcome = (r: Report) => r.results.map(({ rule, verdict, counterexample }) => ({ rule, verdict, counterexample }));

describe('run --record, then run --cassette offline', () => {
  it('reaches the same verdicts and counterexamples with no target at all', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'graphcheck-recorded-'));
    const cassette = join(dir, 'run.yaml');
    const live = join(dir, 'live');
    const offline = join(dir, 'offline');
    const args = ['--suite', 'feed', '--seed', '5', '--runs', '4', '--fault', 'feed-limit-not-capped,feed-paging-skips'];
    const recorded = await runCli(['run', ...args, '--record', cassette, '--report-dir', live]);
    expect(recorded.code).toBe(1);
    const replayed = await runCli(['run', '--cassette', cassette, '--report-dir', offline]);
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(1);
    const [a, b] = [await report(live), await report(offline)];
    expect(b.seed).toBe(5);
    expect(outcome(b)).toEqual(outcome(a));
    expect(a.results.filter((r) => r.verdict === 'failed').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps no token or app secret of the profile in the cassette', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'graphcheck-recorded-'));
    const cassette = join(dir, 'run.yaml');
    const reference = await startReference();
    const profile = reference.profile as { app: { secret: string; access_token: string }; tokens: Record<string, string> };
    await reference.close();
    const out = await runCli(['run', '--rule', 'feed.get-*', '--runs', '2', '--record', cassette, '--report-dir', join(dir, 'r')]);
    expect(out.code).toBe(0);
    const text = await readFile(cassette, 'utf8');
    for (const secret of [profile.app.secret, profile.app.access_token, ...Object.values(profile.tokens)]) {
      expect(text.includes(secret), `cassette contains ${secret}`).toBe(false);
      expect(text.includes(encodeURIComponent(secret)), `cassette contains ${secret} URL-encoded`).toBe(false);
    }
    expect(text).toMatch(/<redacted:/);
  });
});
