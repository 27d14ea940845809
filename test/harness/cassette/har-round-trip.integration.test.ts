import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCommand } from '../../../bin/commands/check.js';
import { SUITES_DIR } from '../../../bin/commands/run.js';
import { exportHar } from '../../../harness/cassette/export-har.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/temp-dir.js';

interface Report {
  results: { rule: string; verdict: string; findings: { message: string }[] }[];
}

const dir = tempDir('graphcheck-har-');
afterAll(() => dir.cleanup());

async function check(file: string, reportDir: string): Promise<{ code: number; report: Report }> {
  const code = await checkCommand({ cassette: file, reportDir, suitesDir: SUITES_DIR }, () => {});
  return { code, report: JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report };
}

const outcome = (r: Report) => r.results.map(({ rule, verdict, findings }) => ({ rule, verdict, findings: findings.map((f) => f.message) }));

describe('a cassette and the HAR exported from it, under check', () => {
  const cassette = dir.path('feed.yaml');
  const har = dir.path('feed.har');

  beforeAll(async () => {
    const recorded = await runCli(['run', '--suite', 'feed', '--runs', '2', '--seed', '9', '--record', cassette, '--report-dir', dir.path('live')]);
    expect(recorded.code).toBe(0);
    await exportHar(cassette, har);
  });

  it('give the same verdicts: placeholders are one URL-safe form, so a recorded paging.next stays a valid URI', async () => {
    const text = await readFile(har, 'utf8');
    // The token inside paging.next is a placeholder a URL may hold as it is.
    expect(text).toMatch(/access_token=redacted-[a-z_]+-[A-Za-z]*\d+/);
    expect(text).not.toContain('<redacted:');
    const [fromCassette, fromHar] = await Promise.all([check(cassette, dir.path('c')), check(har, dir.path('h'))]);
    expect(outcome(fromHar.report)).toEqual(outcome(fromCassette.report));
    expect(fromHar.code).toBe(fromCassette.code);
    const listShape = fromHar.report.results.find((r) => r.rule === 'feed.get-list-shape');
    expect(listShape?.verdict).toBe('passed');
    expect(fromHar.report.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(5);
  });
});
