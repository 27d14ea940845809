import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { doctorCommand } from '../../bin/commands/doctor.js';
import { runCommand } from '../../bin/commands/run.js';
import type { RunFlags } from '../../bin/plan-from-flags.js';
import type { RuleResult } from '../../harness/model/index.js';
import { type Elsewhere, type HostileMode, type HostileTarget, startElsewhere, startHostileTarget } from '../helpers/hostile/hostile-target.js';
import { tempFolder } from '../helpers/temp-dir.js';

/**
 * The rules that follow a link the target hands over: the walk's `paging.next` and a captured `next` (tokens: the
 * profile's origins only), a `full_picture` (a file: any origin, no credential).
 */
const LINK_RULES = ['feed.get-walk-each-post-once', 'product-feed.after-cursor-gives-next-page', 'feed.full-picture-at-most-720'];

describe('a run sends requests and tokens only to the origins it was given', () => {
  let elsewhere: Elsewhere;
  let target: HostileTarget | undefined;
  const dirs: string[] = [];
  beforeAll(async () => {
    elsewhere = await startElsewhere();
  });
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });
  afterAll(async () => {
    await elsewhere.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function run(modes: HostileMode[], flags: Partial<RunFlags> = {}) {
    target = await startHostileTarget(modes, elsewhere.url);
    const reportDir = tempFolder('graphcheck-origin-');
    dirs.push(reportDir);
    let printed = '';
    const before = elsewhere.arrivals();
    const exitCode = await runCommand({ target: target.url, rule: LINK_RULES, reportDir, seed: '7', runs: '1', ...flags }, (t) => (printed += t));
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as { results: RuleResult[] };
    const byRule = Object.fromEntries(report.results.map((r) => [r.rule, r]));
    return { exitCode, printed, byRule, reportDir, arrived: elsewhere.arrivals() - before };
  }

  it('turns a paging.next to another origin into a finding of the rule, and sends nothing there', async () => {
    const { exitCode, byRule, arrived } = await run(['next-elsewhere']);
    expect(arrived).toBe(0);
    expect(exitCode).toBe(1);
    const walk = byRule['feed.get-walk-each-post-once']!;
    expect(walk.verdict).toBe('failed');
    expect(walk.findings[0]).toMatchObject({ check: 'same-origin' });
    expect(walk.reason).toContain(`paging.next leads to ${elsewhere.url}/`);
    expect(walk.reason).toContain(`another origin than the target's ${target!.url}`);
    // The finding points at the page whose paging.next it is.
    const carrier = walk.evidence[walk.findings[0]!.exchange!]!;
    expect(carrier.response?.body).toContain(elsewhere.url.replace('http://', ''));
    const captured = byRule['product-feed.after-cursor-gives-next-page']!;
    expect(captured.verdict).toBe('failed');
    expect(captured.reason).toContain('captured.next leads to');
  });

  it('refuses a paging.next on another scheme the same way', async () => {
    const { byRule, arrived } = await run(['next-other-scheme']);
    expect(arrived).toBe(0);
    expect(byRule['feed.get-walk-each-post-once']!.reason).toContain(`paging.next leads to ${elsewhere.url.replace('http:', 'https:')}/`);
  });

  it('fetches a picture on another origin (contract §4a) with a plain GET that carries no token', async () => {
    const before = elsewhere.requests().length;
    const { byRule, arrived } = await run(['picture-elsewhere']);
    expect(arrived).toBeGreaterThan(0);
    const got = elsewhere.requests().slice(before);
    expect(got.length).toBeGreaterThan(0);
    for (const request of got) expect(request).toMatch(/^GET \/[^?]*$/);
    // The elsewhere server answers JSON, not an image: the picture could not be read, which judges nothing.
    const picture = byRule['feed.full-picture-at-most-720']!;
    expect(picture.verdict).toBe('error');
    expect(picture.reason).toContain('could not be fetched or read');
    expect(picture.evidence.at(-1)).toMatchObject({ kind: 'media', request: { url: expect.stringContaining(elsewhere.url) } });
  });

  it('follows a link to an origin the user allowed', async () => {
    const { arrived } = await run(['next-elsewhere', 'picture-elsewhere'], { allowOrigin: [elsewhere.url] });
    expect(arrived).toBeGreaterThan(0);
  });

  it('runs nothing when the served profile names another origin, and says which key and which flag', async () => {
    target = await startHostileTarget(['profile-elsewhere'], elsewhere.url);
    const before = elsewhere.arrivals();
    const reportDir = tempFolder('graphcheck-origin-');
    dirs.push(reportDir);
    const run = runCommand({ target: target.url, rule: LINK_RULES, reportDir }, () => {});
    await expect(run).rejects.toMatchObject({ code: 'PROFILE_INVALID', exitCode: 2 });
    await expect(run).rejects.toThrow(new RegExp(`auth_url on ${elsewhere.url}.*--allow-origin ${elsewhere.url}`));
    expect(elsewhere.arrivals() - before).toBe(0);
    expect(await readdir(reportDir)).toEqual([]);
  });

  it('doctor refuses the same served profile, and takes it with --allow-origin', async () => {
    target = await startHostileTarget(['profile-elsewhere'], elsewhere.url);
    const before = elsewhere.arrivals();
    await expect(doctorCommand({ target: target.url }, () => {})).rejects.toMatchObject({ code: 'PROFILE_INVALID' });
    expect(elsewhere.arrivals() - before).toBe(0);
    let printed = '';
    await doctorCommand({ target: target.url, allowOrigin: [elsewhere.url] }, (t) => (printed += t));
    expect(printed).toContain(`target ${target.url}`);
    expect(elsewhere.arrivals() - before).toBeGreaterThan(0);
  });

  it('never prints or reports the password of a --target with userinfo', async () => {
    target = await startHostileTarget([], elsewhere.url);
    const reportDir = tempFolder('graphcheck-origin-');
    dirs.push(reportDir);
    let printed = '';
    const withUserinfo = target.url.replace('http://', 'http://someone:hunter2-pw@');
    const exitCode = await runCommand(
      { target: withUserinfo, rule: ['feed.get-walk-each-post-once', 'feed.get-limit-caps-page'], reportDir, seed: '7', runs: '1' },
      (t) => (printed += t),
    );
    expect(exitCode).toBe(0);
    expect(printed).toContain(target.url);
    expect(printed).not.toContain('hunter2-pw');
    for (const file of await readdir(reportDir)) {
      expect(await readFile(join(reportDir, file), 'utf8'), file).not.toContain('hunter2-pw');
    }
  });
});
