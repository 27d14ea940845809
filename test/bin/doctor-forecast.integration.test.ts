import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReference } from '../../reference/index.js';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

describe('doctor forecasts what a profile leaves unjudged', () => {
  let reference: RunningReference;
  let profile: string;
  beforeAll(async () => {
    reference = await startReference();
    const p = structuredClone(reference.profile) as Record<string, unknown> & { fixtures: Record<string, unknown> };
    delete p.control_url;
    delete p.capabilities;
    delete p.fixtures.thread_id;
    profile = join(tempFolder('graphcheck-forecast-'), 'profile.json');
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

  it('a profile file with control_url and no capabilities: the target lists them (GET {control_url}/profile)', async () => {
    const { capabilities: _listed, ...p } = structuredClone(reference.profile) as Record<string, unknown>;
    const file = join(tempFolder('graphcheck-forecast-'), 'profile.json');
    await writeFile(file, JSON.stringify(p));
    const out = await runCli(['doctor', '--profile', file, '--suite', 'comments']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/control capabilities: profile, reset, clock, authorize, events, trust, app, deliveries, sessions$/m);
    expect(out.stdout).not.toMatch(/control capability "\w+", which the target does not serve/);
    // A control_url that serves no profile: the file must list them, said in one line before anything runs.
    await writeFile(file, JSON.stringify({ ...p, control_url: `${String(p.base_url)}/no-control` }));
    const refused = await runCli(['doctor', '--profile', file, '--suite', 'comments']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/profile\.json: \/capabilities is not given and GET \S+\/no-control\/profile answered HTTP \d+; list the control capabilities the target serves under capabilities: .*, or drop control_url$/),
    ]);
  });

  it('a profile as the README describes it (contract, base_url, tokens.page, fixtures.page_id): each rule skipped names what it lacks', async () => {
    const ref = reference.profile as { base_url: string; tokens: { page: string }; fixtures: { page_id: string } };
    const file = join(tempFolder('graphcheck-forecast-'), 'profile.yaml');
    await writeFile(file, `contract: 1\nbase_url: ${ref.base_url}\ntokens:\n  page: ${ref.tokens.page}\nfixtures:\n  page_id: "${ref.fixtures.page_id}"\n`);
    const out = await runCli(['doctor', '--profile', file, '--suite', 'photos,comments,versioning']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/profile and target agree/);
    expect(out.stdout).toMatch(/^ {2}skipped +\d+: .*the profile does not set versions\.usable \(versioning\./m);
    expect(out.stdout).toMatch(/^ {2}skipped +\d+: the profile has no app\.access_token/m);
    const forecast = /forecast: (\d+) of (\d+) rules can run/.exec(out.stdout);
    expect(Number(forecast![1])).toBeGreaterThan(40);
  });
});
