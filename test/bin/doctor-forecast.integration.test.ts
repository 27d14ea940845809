import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReference } from '../../reference/index.js';
import { runCli } from '../helpers/cli.js';

describe('doctor forecasts what a profile leaves unjudged', () => {
  let reference: RunningReference;
  let profile: string;
  beforeAll(async () => {
    reference = await startReference();
    const p = structuredClone(reference.profile) as Record<string, unknown> & { fixtures: Record<string, unknown> };
    delete p.control_url;
    delete p.capabilities;
    delete p.fixtures.thread_id;
    profile = join(await mkdtemp(join(tmpdir(), 'graphcheck-forecast-')), 'profile.json');
    await writeFile(profile, JSON.stringify(p));
  });
  afterAll(() => reference.close());

  it('N can run, M skipped, grouped by the profile key or capability that would enable them', async () => {
    const out = await runCli(['doctor', '--profile', profile]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/profile and target agree/);
    const forecast = /forecast: (\d+) of (\d+) rules can run; (\d+) will be skipped; 0 will be error/.exec(out.stdout);
    expect(forecast).not.toBeNull();
    const [, runnable, total, skipped] = forecast!.map(Number);
    expect(runnable! + skipped!).toBe(total);
    expect(skipped).toBeGreaterThan(10);
    expect(out.stdout).toMatch(/^ {2}skipped +\d+: the profile has no fixtures\.thread_id \([^)]*thread\./m);
    expect(out.stdout).toMatch(/^ {2}skipped +\d+: needs the control capability "\w+"; the profile has no control_url/m);
  });
});
