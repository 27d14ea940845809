import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { repoPath } from '../helpers/paths.js';
import { tempFolder } from '../helpers/temp-dir.js';


/** One line on stderr, exit 2, no stack trace: a usage mistake. */
function expectUsage(out: { code: number | null; stderr: string }, message: RegExp): void {
  expect(out.code).toBe(2);
  expect(out.stderr.trim().split('\n')).toHaveLength(1);
  expect(out.stderr).toMatch(message);
  expect(hasStackTrace(out.stderr)).toBe(false);
}

describe('a selection that selects nothing is a usage error, never a green run of zero rules', () => {
  it('run: an unknown rule, an unknown suite, a rule outside the chosen suite, an empty suites folder', async () => {
    const reports = tempFolder('graphcheck-selection-');
    const run = (...args: string[]) => runCli(['run', ...args, '--report-dir', reports]);
    expectUsage(await run('--rule', 'nosuch.rule'), /^graphcheck: --rule nosuch\.rule: matches no rule; give a rule id such as \S+, or a glob such as \S+\.\*/);
    expectUsage(await run('--suite', 'FEED'), /--suite FEED: no such suite; suites in .*: .*feed/);
    expectUsage(await run('--suite', 'feed', '--rule', 'comments.*'), /--rule comments\.\*: matches no rule in suite feed/);
    expectUsage(await run('--suites-dir', tempFolder('graphcheck-selection-')), /^graphcheck: nothing to run: .* holds no rule$/m);
  });

  it('run: comma-separated suites and rules select like repeated flags', async () => {
    const dir = tempFolder('graphcheck-selection-');
    const out = await runCli(['run', '--rule', 'versioning.usable-and-unversioned-paths-served,feed.get-limit-caps-page', '--seed', '1', '--report-dir', dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^PASSED: 2 passed, 0 failed, 0 warned, 0 skipped, 0 error/m);
  });

  it('check: an unknown rule, and a rule that recorded traffic cannot judge', async () => {
    const har = join(tempFolder('graphcheck-selection-'), 'empty.har');
    await writeFile(har, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }));
    expectUsage(await runCli(['check', '--cassette', har, '--rule', 'nosuch']), /--rule nosuch: matches no rule/);
    expectUsage(
      await runCli(['check', '--cassette', har, '--rule', 'feed.schedule-goes-live']),
      /--rule feed\.schedule-goes-live: no passive: block, so recorded traffic cannot judge it/,
    );
  });
});

describe('a report folder that cannot be one is said before the run', () => {
  it('a file in its place, or in place of a folder above it; a path under /proc ends at once', async () => {
    const dir = tempFolder('graphcheck-selection-');
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    for (const reportDir of [file, join(file, 'below')]) {
      const proc = await runCli(['run', '--report-dir', reportDir]);
      expectUsage(proc, /cannot be the report folder \(.*a-file is a file\): choose another --report-dir/);
      // Said before the run: no rule ran, so nothing was printed but the one line.
      expect(proc.stdout).toBe('');
      expect(proc.stderr.trim().split('\n')).toHaveLength(1);
    }
    const proc = await runCli(['run', '--rule', 'feed.get-limit-caps-page', '--report-dir', '/proc/graphcheck-nope']);
    expect(proc.code).toBe(2);
    expect(proc.stderr).toMatch(/\/proc\/graphcheck-nope: cannot write report\.json there \(E\w+\): choose another --report-dir/);
  });
});

/** The selection flags of the README's area path: its `run ... --update-baseline` line, between `run` and `--baseline`. */
async function readmeAreaSelection(): Promise<string[]> {
  const readme = await readFile(repoPath('README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Bring up an implementation area by area'));
  const line = /^npx graphcheck run --profile target\.yaml (.+?) --baseline baseline\.yaml --update-baseline/m.exec(section);
  expect(line, "the README's area path has a run line that records a baseline").not.toBeNull();
  return line![1]!.split(/\s+/);
}

describe("the README's area path selects every rule that sends to the area's endpoints", () => {
  it('fails on a photos fault only a sweep catches; --suite photos,comments says what it leaves out', async () => {
    const selection = await readmeAreaSelection();
    expect(selection).toEqual(['--area', 'photos,comments']);
    const dir = tempFolder('graphcheck-selection-');
    const fault = ['--fault', 'photos-heading-bounds-exclusive', '--seed', '5', '--quiet'];
    const out = await runCli(['run', ...selection, ...fault, '--report-dir', dir]);
    expect(out.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { rule: string; verdict: string }[] };
    const failed = report.results.filter((r) => r.verdict === 'failed').map((r) => r.rule);
    expect(failed).toContain('sweep.photos.bounds.create');
    const ids = report.results.map((r) => r.rule);
    for (const prefix of ['photos.', 'comments.', 'sweep.photos.', 'errors.', 'conventions.']) expect(ids.some((id) => id.startsWith(prefix))).toBe(true);
    expect(out.stdout).not.toMatch(/^note: /m);

    // The two suites alone miss that fault, and say how many rules on the same endpoints they leave out.
    const bySuite = await runCli(['run', '--suite', 'photos,comments', ...fault, '--report-dir', tempFolder('graphcheck-selection-')]);
    expect(bySuite.code).toBe(0);
    const note = /^note: (\d+) rules outside this selection also send to \/\{page_id\}\/photos, \/\{object_id\}\/comments \((.*)\): --area photos,comments selects every rule that does$/m.exec(bySuite.stdout);
    expect(note).not.toBeNull();
    expect(note![2]).toMatch(/\b10 sweep\.photos\.\*/);
    expect(Number(note![1])).toBe(ids.length - (await listed(['--suite', 'photos,comments'])));
    // doctor and list say the same.
    expect((await runCli(['list', '--suite', 'photos,comments'])).stdout).toContain(note![0]);
    expect((await runCli(['doctor', '--suite', 'photos,comments'])).stdout).toContain(note![0]);
    expect(await listed(selection)).toBe(ids.length);
  }, 240_000);

  it('an unknown area is a usage error naming the areas', async () => {
    expectUsage(await runCli(['list', '--area', 'photo']), /^graphcheck: --area photo: no such area; the areas: feed, photos, comments, /);
  });
});

/** How many rules `graphcheck list` holds for these selection flags. */
async function listed(selection: string[]): Promise<number> {
  const out = await runCli(['list', ...selection]);
  return Number(/^(\d+) rule\(s\)$/m.exec(out.stdout)?.[1]);
}
