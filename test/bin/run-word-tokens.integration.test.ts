import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/index.js';
import { type RunningReference, startReference } from '../../reference/index.js';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

/**
 * Test tokens that are ordinary words, each found in rule ids (`comments.post-needs-page-token`,
 * `comments.user-token-reads-empty`, `feed.get-needs-page-token`). The reference takes any token it never issued
 * as the Page token (`tokens-unknown-accepted`), so the rules about token kinds fail: their findings, causes and
 * evidence reach every report.
 */
const WORD_TOKENS = { page: 'page-token', page_no_manage_posts: 'page-token-abc', page_no_moderate: 'feed', user: 'user' };
const SELECTION = ['--rule', '*page-token*', '*user-token*', 'comments.post-needs-moderate', 'feed.get-limit-caps-page', '--seed', '5', '--runs', '2'];

let reference: RunningReference;
let dir: string;
let profile: string;
let ids: Set<string>;
let suites: string;

beforeAll(async () => {
  reference = await startReference({ faults: ['tokens-unknown-accepted'] });
  dir = tempFolder('graphcheck-word-tokens-');
  profile = join(dir, 'target.json');
  const document = reference.profile as { tokens: Record<string, string> };
  await writeFile(profile, JSON.stringify({ ...document, tokens: { ...document.tokens, ...WORD_TOKENS } }));
  const listed = await runCli(['list']);
  ids = new Set(listed.stdout.split('\n').map((line) => line.split(/\s+/)[0]!).filter(Boolean));
  suites = [...new Set([...ids].map((id) => id.split('.')[0]))].join('|');
});

afterAll(async () => {
  await reference?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every rule id (`suite.rest`) a text names that `graphcheck list` does not list (host names apart: `webhooks.reference.graphcheck.test`). */
function unknownIds(text: string): string[] {
  // A glob the console names rules by (`sweep.subscriptions.*`, the rules a selection leaves out) is no rule id.
  const named = text.replace(/\b[a-z0-9][a-z0-9.-]*\.\*/g, '').match(new RegExp(`\\b(?:${suites})\\.[a-z0-9][a-z0-9.-]*[a-z0-9]`, 'g')) ?? [];
  return [...new Set(named)].filter((id) => !ids.has(id) && !/\.(?:test|invalid|example)$/.test(id));
}

async function reportsIn(reportDir: string, stdout: string): Promise<Record<string, string>> {
  const files: Record<string, string> = { console: stdout };
  for (const name of await readdir(reportDir)) files[name] = await readFile(join(reportDir, name), 'utf8');
  return files;
}

describe('tokens that are ordinary words found in rule ids', () => {
  it('leave every rule id in every report as graphcheck list has it; the baseline written gates the next run; merge-reports and coverage --report take the report', async () => {
    const first = join(dir, 'first');
    const baseline = join(dir, 'baseline.yaml');
    const run = await runCli(['run', '--profile', profile, ...SELECTION, '--report-dir', first, '--baseline', baseline, '--update-baseline'], {}, 240_000);
    expect(run.stderr).toBe('');
    const files = await reportsIn(first, run.stdout);
    expect(Object.keys(files).sort()).toEqual(['console', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
    for (const [name, text] of Object.entries(files)) {
      expect(unknownIds(text), name).toEqual([]);
      // One name per secret, whatever form it was sent in (the app token percent-encoded in a query among them).
      expect(text, name).not.toMatch(/redacted-[a-z_]+-[A-Za-z]+\d/);
    }
    const report = JSON.parse(files['report.json']!) as RunResult;
    expect(report.tool.name).toBe('graphcheck');
    expect(report.results.map((r) => r.rule)).toContain('comments.post-needs-page-token');
    // The word tokens made rules fail, and their traffic shows them as placeholders.
    const failedWithToken = report.results.filter((r) => r.known !== undefined && /access_token=redacted-secret-\d+/.test(JSON.stringify(r.evidence)));
    expect(failedWithToken.length).toBeGreaterThan(0);
    const written = await readFile(baseline, 'utf8');
    expect(unknownIds(written)).toEqual([]);
    expect(written).toContain('- rule: comments.post-needs-page-token');

    const next = await runCli(['run', '--profile', profile, ...SELECTION, '--report-dir', join(dir, 'next'), '--baseline', baseline], {}, 240_000);
    expect(next.stdout).toMatch(/^PASSED: \d+ passed, 0 failed, 0 warned, 0 skipped, 0 error, [1-9]\d* known/m);
    expect(next.code).toBe(0);

    const merged = await runCli(['merge-reports', first, '--report-dir', join(dir, 'merged')]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    const mergedReport = JSON.parse(await readFile(join(dir, 'merged', 'report.json'), 'utf8')) as RunResult;
    expect(mergedReport.results.map((r) => r.rule)).toEqual(report.results.map((r) => r.rule));

    const coverage = await runCli(['coverage', '--html', join(dir, 'coverage.html'), '--report', join(first, 'report.json')]);
    expect(coverage.stderr).toBe('');
    expect(coverage.code).toBe(0);
  }, 600_000);
});

describe("the receiver's verify token, hidden where a webhook rule fails", () => {
  it("leaves the tool's name and the rule ids alone, so merge-reports takes the shard", async () => {
    const shard = join(dir, 'webhooks');
    const run = await runCli(['run', '--fault', 'webhooks-wrong-signature-key', '--suite', 'webhooks', '--seed', '3', '--shard', '1/1', '--report-dir', shard], {}, 240_000);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(shard, 'report.json'), 'utf8')) as RunResult;
    expect(report.tool.name).toBe('graphcheck');
    expect(report.results.some((r) => r.verdict === 'failed' && r.evidence.length > 0)).toBe(true);
    for (const [name, text] of Object.entries(await reportsIn(shard, run.stdout))) {
      expect(unknownIds(text), name).toEqual([]);
      expect(text, name).not.toMatch(/redacted-[a-z_]+-[A-Za-z]+\d/);
    }
    const merged = await runCli(['merge-reports', shard, '--report-dir', join(dir, 'webhooks-merged')]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(1);
  }, 300_000);
});
