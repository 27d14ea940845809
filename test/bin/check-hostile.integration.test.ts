import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommand } from '../../bin/commands/check.js';
import { SUITES_DIR } from '../../bin/commands/run.js';
import type { RunResult } from '../../harness/model/index.js';
import { bombExchange, hostileExchanges, hostileHar, hostileVcr, TRAFFIC_SECRETS, writeHostileCassette } from '../helpers/hostile/hostile-traffic.js';
import { expectSafeOutputs, outputsOf } from '../helpers/hostile/expect-safe.js';
import { tempFolder } from '../helpers/temp-dir.js';

// In the integration tier, though it opens no socket: each `check` here loads and validates the whole shipped
// suites (about a second each), which the unit tier cannot afford.

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** `check` over a file someone else recorded: what it printed, and every file it wrote by name. */
async function checkFile(name: string, write: (file: string) => Promise<void> | void) {
  const dir = tempFolder('graphcheck-hostile-check-');
  dirs.push(dir);
  const file = join(dir, name);
  await write(file);
  const reportDir = join(dir, 'reports');
  const printed: string[] = [];
  const code = await checkCommand({ cassette: file, reportDir, suitesDir: SUITES_DIR }, (t) => printed.push(t));
  const files = await outputsOf(reportDir, printed);
  return { code, files, report: JSON.parse(files['report.json']!) as RunResult };
}

const SECRETS = Object.values(TRAFFIC_SECRETS);

/** The two failures the traffic holds, so its exchanges (and what they echo) are in every report. */
function expectJudged(report: RunResult): void {
  const verdicts = Object.fromEntries(report.results.map((r) => [r.rule, r.verdict]));
  expect(verdicts['feed.get-limit-over-100-refused']).toBe('failed');
  // The post's answer is gzip: judged decoded (it has no id), and shown decoded and redacted.
  expect(verdicts['feed.post-returns-id']).toBe('failed');
  const post = report.results.find((r) => r.rule === 'feed.post-returns-id')!;
  expect(post.evidence[0]?.response?.body).toMatch(/^\{"echo":"raw: redacted-/);
}

describe('check over traffic someone else recorded, secrets planted in every field and form', () => {
  it('an unredacted HAR: no secret in any report or on the console, its text inert, a compression bomb said lost', async () => {
    const { code, files, report } = await checkFile('traffic.har', (f) => writeFile(f, hostileHar([...hostileExchanges(), bombExchange()])));
    expect(code).toBe(1);
    expectJudged(report);
    expectSafeOutputs(files, SECRETS);
    expect(files.stdout).toContain('1 recorded body could not be decoded (compressed past the size limit, or broken)');
  });

  it('a VCR cassette: the same', async () => {
    const { code, files, report } = await checkFile('traffic.yml', (f) => writeFile(f, hostileVcr(hostileExchanges())));
    expect(code).toBe(1);
    expectJudged(report);
    expectSafeOutputs(files, SECRETS);
  });

  it('a graphcheck cassette recorded with --no-redact: the same', async () => {
    const { code, files, report } = await checkFile('traffic.cassette.yml', (f) => writeHostileCassette(f, hostileExchanges()));
    expect(code).toBe(1);
    expectJudged(report);
    expectSafeOutputs(files, SECRETS);
  });
});
