import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/index.js';
import type { RunningReference } from '../../reference/index.js';
import { minimalProfile } from '../helpers/bad-targets.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { referenceBehind } from '../helpers/reference-behind.js';
import { startGatingFront } from '../helpers/refusing-front.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * `--max-wait` bounds what a whole run waits for rate limits (the default's bound is a unit test of
 * harness/client/rate-limit.ts): a target that limits everything ends the run, with every report written, and the
 * rules past the bound are `error` "rate limited".
 */
const dir = tempDir('graphcheck-rate-limited-');
afterAll(() => dir.cleanup());

const REPORTS = ['junit.xml', 'report.html', 'report.json', 'summary.md'];

/** A target that answers every request `429` with `Retry-After: seconds`, counting them. */
async function limitingTarget(seconds: number): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = createServer((req, res) => {
    received++;
    req.resume();
    res.writeHead(429, { 'retry-after': String(seconds), 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'slow down', code: 4 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function reportOf(folder: string): Promise<RunResult> {
  expect((await readdir(folder)).sort()).toEqual(REPORTS);
  return JSON.parse(await readFile(`${folder}/report.json`, 'utf8')) as RunResult;
}

describe('a target that answers every request 429', () => {
  const cases: [string, number, string, number][] = [
    // 60 s is within what one request waits (60 s), but more than the run may still wait: no wait at all.
    ['Retry-After: 60, --max-wait 59s', 60, '59s', 1],
    // Two waits of a second fill the bound; the third request's wait would pass it.
    ['Retry-After: 1, --max-wait 2s', 1, '2s', 3],
  ];

  it.each(cases)('%s: the whole run ends, every report written, its rules error "rate limited"', async (name, seconds, maxWait, requests) => {
    const target = await limitingTarget(seconds);
    try {
      const profile = dir.path(`profile-${seconds}.json`);
      await writeFile(profile, JSON.stringify(minimalProfile(target.url)));
      const folder = dir.path(`reports-${seconds}`);
      const out = await runCli(['run', '--profile', profile, '--max-wait', maxWait, '--quiet', '--report-dir', folder]);
      expect(out.code, name).toBe(3);
      expect(hasStackTrace(out.stdout + out.stderr)).toBe(false);
      expect(target.received()).toBe(requests);
      const report = await reportOf(folder);
      const errors = report.results.filter((r) => r.verdict === 'error');
      expect(errors.length).toBeGreaterThan(50);
      expect(report.results.filter((r) => r.verdict === 'passed' || r.verdict === 'failed')).toEqual([]);
      for (const r of errors) {
        expect(r.reason).toMatch(/: rate limited \(HTTP 429\): waiting \d+ s more would pass the run's bound on rate-limit waits \(--max-wait \d+ s/);
      }
    } finally {
      await target.close();
    }
  });
});

describe('the reference behind a front that limits every POST', () => {
  let reference: RunningReference;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const limited = { status: 429, body: JSON.stringify({ error: { message: 'slow down', code: 4 } }), headers: { 'retry-after': '1' } };
    // Behind the front by its public URL: the links it hands out (paging.next) lead through the front too.
    ({ reference, close } = await referenceBehind((upstream) =>
      startGatingFront(upstream, ({ method, path }) => (method === 'POST' && !path.includes('/_control') ? limited : undefined)),
    ));
  });
  afterAll(async () => {
    await close();
  });

  it('the run waits at most --max-wait in all, then each rule that posts is error "rate limited"; the others are judged', async () => {
    const profile = dir.path('front-profile.json');
    await writeFile(profile, JSON.stringify(reference.profile));
    const folder = dir.path('front-reports');
    const out = await runCli(['run', '--profile', profile, '--suite', 'feed', '--seed', '5', '--max-wait', '2s', '--report-dir', folder]);
    const report = await reportOf(folder);
    expect(report.results.filter((r) => r.verdict === 'failed').map((r) => `${r.rule}: ${r.reason}`)).toEqual([]);
    expect(out.code).toBe(3);
    const waited = report.results.reduce((sum, r) => sum + (r.rateLimited?.waitedMs ?? 0), 0);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(2000);
    const limited = report.results.filter((r) => r.verdict === 'error' && /rate limited \(HTTP 429\)/.test(r.reason ?? ''));
    expect(limited.length).toBeGreaterThan(10);
    expect(limited.some((r) => /--max-wait 2 s/.test(r.reason ?? ''))).toBe(true);
    expect(report.results.some((r) => r.verdict === 'passed')).toBe(true);
    expect(report.results.filter((r) => r.verdict === 'failed').map((r) => `${r.rule}: ${r.reason}`)).toEqual([]);
  });
});
