import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, run, webhookTest } from '../../../bin/api.js';
import { type RunningReference, startReference } from '../../../reference/index.js';
import { harEntry, harOf } from '../../helpers/har.js';
import { SECRET, startSample } from '../../helpers/sample-receivers.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/**
 * run, webhook-test and check reach their reports through the one `execute` and its one reporting tail: one secret
 * planted in what each is given (a target's token, a callback's verify token, a token in recorded traffic) is in
 * none of their report files, and each report carries the seed the command printed first.
 */
describe('one way through for run, webhook-test and check', () => {
  let reference: RunningReference;
  let sample: Server;
  let dir: string;
  let planted: string;
  beforeAll(async () => {
    // A fault makes rules fail, so their evidence (requests carrying the token) goes into the reports.
    reference = await startReference({ faults: ['feed-limit-not-capped'] });
    planted = (reference.profile as { tokens: { page: string } }).tokens.page;
    dir = tempFolder('graphcheck-one-way-');
  });
  afterAll(async () => {
    await reference.close();
    await new Promise((resolve) => sample?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The seed the first console line names, and the report files' text. */
  async function outputsOf(reportDir: string, printed: string): Promise<{ seed: number; files: Record<string, string> }> {
    const seed = Number(/^graphcheck[^\n]*\(seed (\d+)\)\n/.exec(printed)?.[1]);
    const names = (await readdir(reportDir)).sort();
    expect(names).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    const files = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(join(reportDir, n), 'utf8')])));
    return { seed, files };
  }

  function expectSafe(files: Record<string, string>, seed: number): void {
    for (const [name, text] of Object.entries(files)) {
      expect(text.includes(planted), `${name} holds the planted secret`).toBe(false);
      expect(text.includes(encodeURIComponent(planted)), `${name} holds it URL-encoded`).toBe(false);
    }
    const report = JSON.parse(files['report.json']!) as { seed: number; results: { verdict: string; evidence: unknown[] }[] };
    expect(report.seed).toBe(seed);
    // Something was shown: a failure's evidence, where the secret would have been.
    const failed = report.results.filter((r) => r.verdict === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(JSON.stringify(failed.map((r) => r.evidence))).toMatch(/redacted-[a-z_]+-\d/);
  }

  it('run: the target token in no report, the seed carried', async () => {
    const profile = join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(reference.profile));
    const reportDir = join(dir, 'run');
    let printed = '';
    const { plan } = await run({ profile, rules: ['feed.get-limit-*'], reportDir, seed: 4242, print: (t) => (printed += t) });
    const { seed, files } = await outputsOf(reportDir, printed);
    expect(seed).toBe(4242);
    expect(plan.seed).toBe(4242);
    expectSafe(files, seed);
    expect(printed.includes(planted)).toBe(false);
  });

  it('webhook-test: the verify token in no report, the seed drawn once and carried', async () => {
    // A receiver that lets every token through: the rules that send it wrong fail, their requests as evidence.
    const started = await startSample({ skipTokenCheck: true });
    sample = started.server;
    const reportDir = join(dir, 'webhook-test');
    let printed = '';
    const { plan } = await webhookTest({ callback: started.url, verifyToken: planted, appSecret: SECRET, reportDir, print: (t) => (printed += t) });
    const { seed, files } = await outputsOf(reportDir, printed);
    expect(seed).toBe(plan.seed);
    expectSafe(files, seed);
    expect(printed.includes(planted)).toBe(false);
  });

  it('check: a token the traffic carries in no report, the seed drawn once and carried (not 0)', async () => {
    const har = join(dir, 'traffic.har');
    const feed = 'https://graph.example/v25.0/2000001/feed';
    const echoed = { data: [], paging: { next: `${feed}?access_token=${planted}&after=x` } };
    const answer = { content: { size: 0, mimeType: 'application/json', text: JSON.stringify(echoed) } };
    await writeFile(har, harOf([harEntry('GET', `${feed}?limit=250&access_token=${planted}`, { response: answer })]));
    const reportDir = join(dir, 'check');
    let printed = '';
    const { plan } = await check({ cassette: har, rules: ['feed.get-limit-over-100-refused'], reportDir, print: (t) => (printed += t) });
    const { seed, files } = await outputsOf(reportDir, printed);
    expect(seed).toBe(plan.seed);
    expectSafe(files, seed);
    expect(printed.includes(planted)).toBe(false);
  });
});
