import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReference } from '../../reference/index.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

describe('preflight tells configuration mistakes from implementation bugs', () => {
  let reference: RunningReference;
  let profileFile: string;
  let dir: string;
  beforeAll(async () => {
    reference = await startReference();
    dir = tempFolder('graphcheck-doctor-');
    const profile = structuredClone(reference.profile) as { tokens: Record<string, string> };
    profile.tokens.page = 'a-token-with-a-typo';
    profileFile = join(dir, 'profile.json');
    await writeFile(profileFile, JSON.stringify(profile));
  });
  afterAll(() => reference.close());

  it('doctor names the profile field that is wrong, exit 3', async () => {
    const out = await runCli(['doctor', '--profile', profileFile]);
    expect(out.code).toBe(3);
    expect(out.stdout).toMatch(/problem: profile tokens\.page: the target refuses this token as invalid \(code 190\)/);
    expect(hasStackTrace(out.stdout + out.stderr)).toBe(false);
  });

  it('doctor is content with a correct profile', async () => {
    const good = join(dir, 'good.json');
    await writeFile(good, JSON.stringify(reference.profile));
    const out = await runCli(['doctor', '--profile', good]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/profile and target agree/);
  });

  it('run reports rules that need the broken token as `error`, never `failed`', async () => {
    const reports = join(dir, 'reports');
    const out = await runCli(['run', '--profile', profileFile, '--suite', 'feed', '--runs', '2', '--report-dir', reports]);
    expect(out.code).toBe(3);
    const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8'));
    expect(report.summary.failed).toBe(0);
    const errored = report.results.filter((r: { verdict: string }) => r.verdict === 'error');
    expect(errored.length).toBeGreaterThan(0);
    expect(errored[0].reason).toMatch(/^setup: profile tokens\.page/);
  });
});
