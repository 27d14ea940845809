import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { runAgainstReference, verdictsOf } from '../../helpers/run-reference.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/**
 * Issue 22's partial targets, built on the reference with its `partial` switches: a target serving Page photos and
 * comments but no feed (`feed-unserved`), and one refusing the reads the spec does not state (`reads-unstated-refused`).
 */
describe('a target serving Page photos and comments but no feed', () => {
  it('runs --suite photos,comments: comment rules on another parent, feed-needing rules skipped naming the feed', async () => {
    const result = await runAgainstReference({ faults: ['feed-unserved'], suites: ['photos', 'comments'], seed: 3 });
    const byVerdict = (verdict: string) => result.results.filter((r) => r.verdict === verdict);
    expect(byVerdict('failed').map((r) => r.rule)).toEqual([]);
    expect(byVerdict('error').map((r) => r.rule)).toEqual([]);
    // Every POST /{page_id}/feed answers an error here, so a comment rule that passed made its parent elsewhere.
    const comments = result.results.filter((r) => r.suite === 'comments');
    expect(comments.length).toBeGreaterThan(15);
    expect(comments.filter((r) => r.verdict !== 'passed' && r.verdict !== 'skipped')).toEqual([]);
    expect(comments.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(15);
    const skipped = byVerdict('skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const rule of skipped) expect(rule.reason).toMatch(/needs the feed area \(\/\{page_id\}\/feed\), which the target does not serve/);
  });

  it('doctor --suite photos exits 0 and forecasts only the photos rules', async () => {
    const out = await runCli(['doctor', '--suite', 'photos', '--fault', 'feed-unserved']);
    expect(out.code).toBe(0);
    const forecast = /forecast: (\d+) of (\d+) rules can run; (\d+) will be skipped; 0 will be error/.exec(out.stdout);
    expect(forecast).not.toBeNull();
    const list = await runCli(['list', '--suite', 'photos']);
    const photosRules = list.stdout.split('\n').filter((line) => /^\s*photos\.[\w-]+/.test(line)).length;
    expect(Number(forecast![2])).toBe(photosRules);
    expect(out.stdout).toMatch(/skipped +\d+: needs the feed area/);
    // Nothing about tokens, fixtures or areas photos rules never reach (messaging, videos, uploads).
    expect(out.stdout).not.toMatch(/messag|msgapp|fixtures\.(?!page_id)/i);
  });
});

/** doctor --verbose's forecast: each cause's rules, listed one a line under it. */
function forecastOf(stdout: string): { skipped: Set<string>; errored: Set<string>; runnable: number } {
  const skipped = new Set<string>();
  const errored = new Set<string>();
  let into: Set<string> | undefined;
  for (const line of stdout.split('\n')) {
    if (/^ {2}skipped +\d+: /.test(line)) into = skipped;
    else if (/^ {2}error +\d+: /.test(line)) into = errored;
    else if (/^ {2}\S/.test(line)) into = undefined;
    else if (into && /^ {6}\S+$/.test(line)) into.add(line.trim());
  }
  const runnable = Number(/forecast: (\d+) of/.exec(stdout)?.[1]);
  return { skipped, errored, runnable };
}

describe('rules of an area preflight finds not served', () => {
  it('are skipped with no selection, and doctor forecast exactly the run\'s skipped rules', async () => {
    const [doctor, result] = await Promise.all([
      runCli(['doctor', '--verbose', '--fault', 'feed-unserved']),
      runAgainstReference({ faults: ['feed-unserved'], seed: 4 }),
    ]);
    expect(doctor.code).toBe(0);
    const forecast = forecastOf(doctor.stdout);
    const verdicts = verdictsOf(result);
    const ruled = (verdict: string) => new Set(Object.keys(verdicts).filter((id) => verdicts[id] === verdict));
    // No cascade: the feed's own rules, and those that need it, are skipped, never failed or error.
    expect([...ruled('failed'), ...ruled('error')]).toEqual([]);
    expect(ruled('skipped')).toEqual(forecast.skipped);
    expect(forecast.errored).toEqual(new Set());
    expect(forecast.runnable).toBe(ruled('passed').size);
    expect([...forecast.skipped].filter((id) => id.startsWith('feed.')).length).toBeGreaterThan(40);
    expect(forecast.skipped).toContain('versioning.same-outcome-under-every-version');
    for (const r of result.results.filter((x) => x.verdict === 'skipped')) expect(r.reason).toMatch(/needs the feed area/);
  });

  it('are skipped when the selection is the area itself: its reads are no proof the Page token is wrong', async () => {
    // Through the CLI, whose preflight asks only about what the selection reaches.
    const dir = tempFolder('graphcheck-partial-');
    const out = await runCli(['run', '--suite', 'feed', '--fault', 'feed-unserved', '--seed', '4', '--quiet', '--report-dir', dir]);
    // Nothing of the selection could be judged: never green (NOTHING JUDGED, exit 3).
    expect(out.code).toBe(3);
    expect(out.stdout).toMatch(/NOTHING JUDGED/);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { verdict: string; reason?: string }[] };
    expect(new Set(report.results.map((r) => r.verdict))).toEqual(new Set(['skipped']));
    expect(report.results[0]!.reason).toMatch(/^needs the feed area \(\/\{page_id\}\/feed\), which the target does not serve/);
  });
});

describe('a target refusing GET /{post_id} and GET /{photo_id}, which the spec does not state', () => {
  it('leaves every verdict of the suites that make posts and photos unchanged', async () => {
    // Without the switch the reference passes every rule on every seed (test/scripts/every-seed, behind-proxy): the
    // verdicts to keep are all `passed`, and a second run to show it cost 8 s of every CI run.
    const refusing = await runAgainstReference({ suites: ['feed', 'photos', 'comments'], seed: 5, faults: ['reads-unstated-refused'] });
    const verdicts = verdictsOf(refusing);
    expect(Object.keys(verdicts).length).toBeGreaterThan(100);
    expect(Object.entries(verdicts).filter(([, verdict]) => verdict !== 'passed')).toEqual([]);
  });
});

describe('comment parameters read from the query string only', () => {
  it('shows as one headline cause covering the affected rules in the console, summary.md and report.html', async () => {
    const dir = tempFolder('graphcheck-partial-');
    const out = await runCli(['run', '--suite', 'comments', '--fault', 'comments-body-params-ignored', '--report-dir', dir, '--seed', '3']);
    expect(out.code).toBe(1);
    const headline = /(\d+) rules \(\d+ failed, \d+ error\): POST \/\{id\}\/comments with its parameters in the body answered code 100/;
    const covered = Number(headline.exec(out.stdout)?.[1]);
    expect(covered).toBeGreaterThan(10);
    expect(out.stdout).toContain(`1 cause of ${covered} failed or unjudged rules:`);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { verdict: string; cause?: { key: string } }[] };
    const keys = new Set(report.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error').map((r) => r.cause?.key));
    expect([...keys]).toEqual([expect.stringMatching(/^refused POST \/\{id\}\/comments \[the body\] -> code 100: /)]);
    const rules = `${covered} rules \\(\\d+ failed, \\d+ error\\)`;
    const cause = 'POST /\\{id\\}/comments with its parameters in the body answered code 100';
    const summary = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## Causes \(1\)$/m);
    expect(summary).toMatch(new RegExp(`^\\| ${rules} \\| ${cause}`, 'm'));
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toMatch(new RegExp(`${rules}</td><td>${cause}`));
  });
});

describe('distinct defects on one endpoint, each refused with the same code', () => {
  it('are one headline each, named by what the target said', async () => {
    const dir = tempFolder('graphcheck-partial-');
    const faults = 'photos-caption-ascii-only,photos-heading-bounds-exclusive,photos-gender-2-refused';
    const rules = 'photos.text-parameters-take-unicode,sweep.photos.bounds.create,photos.targeting-stated-shapes-accepted';
    const out = await runCli(['run', '--rule', rules, '--fault', faults, '--report-dir', dir, '--seed', '3', '--quiet']);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('3 causes of 3 failed or unjudged rules:');
    for (const said of ['caption must be plain text', 'initial_view_heading_override_degrees must be from 0 to 360', 'feed_targeting.genders']) {
      expect(out.stdout).toMatch(new RegExp(`^ {2}1 rule \\(1 failed\\): POST /\\{id\\}/photos with its parameters in the body answered code 100 \\("\\(#100\\) ${said.replace(/\./g, '\\.')}`, 'm'));
    }
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { cause?: { key: string } }[] };
    expect(new Set(report.results.map((r) => r.cause?.key)).size).toBe(3);
  });
});
