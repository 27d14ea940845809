import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../bin/commands/run.js';
import type { RuleResult } from '../../harness/model/index.js';
import { type Elsewhere, type HostileTarget, startElsewhere, startHostileTarget } from '../helpers/hostile/hostile-target.js';
import { tempFolder } from '../helpers/temp-dir.js';

const RULES = ['feed.get-walk-each-post-once', 'authorization.window-answers-a-page'];

describe('run --cassette repeats a recorded run without any network request', () => {
  /** Where the user's profile puts auth_url, and where the target's paging.next leads. */
  let elsewhere: Elsewhere;
  let farther: Elsewhere;
  let target: HostileTarget;
  let dir: string;
  beforeAll(async () => {
    [elsewhere, farther] = await Promise.all([startElsewhere(), startElsewhere()]);
    target = await startHostileTarget(['next-elsewhere'], farther.url);
    dir = tempFolder('graphcheck-offline-');
  });
  afterAll(async () => {
    await target.close();
    await elsewhere.close();
    await farther.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function verdicts(reportDir: string): Promise<Record<string, RuleResult>> {
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as { results: RuleResult[] };
    return Object.fromEntries(report.results.map((r) => [r.rule, r]));
  }

  it('sends nothing to a recorded auth_url on another origin, nor where a recorded paging.next leads', async () => {
    // The user's own profile puts auth_url on another host: the live run goes there, outside the recorder.
    const profile = join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify({ ...target.profile, auth_url: elsewhere.url }));
    const cassette = join(dir, 'run.cassette.jsonl');
    const quiet = () => {};
    await runCommand({ profile, rule: RULES, record: cassette, reportDir: join(dir, 'recorded'), seed: '3', runs: '1' }, quiet);
    expect(elsewhere.arrivals()).toBeGreaterThan(0);
    expect(farther.arrivals()).toBe(0);
    const recorded = await verdicts(join(dir, 'recorded'));
    expect(recorded['feed.get-walk-each-post-once']!.reason).toContain('paging.next leads to');

    const before = elsewhere.arrivals();
    await runCommand({ cassette, reportDir: join(dir, 'repeated') }, quiet);
    expect(elsewhere.arrivals() - before).toBe(0);
    expect(farther.arrivals()).toBe(0);
    const repeated = await verdicts(join(dir, 'repeated'));
    expect(repeated['feed.get-walk-each-post-once']!.verdict).toBe('failed');
    expect(repeated['feed.get-walk-each-post-once']!.reason).toBe(recorded['feed.get-walk-each-post-once']!.reason);
    const auth = repeated['authorization.window-answers-a-page']!;
    expect(auth.verdict).toBe('error');
    expect(auth.reason).toContain('an offline repeat makes no network request');
  });
});
