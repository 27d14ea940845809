import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookTestCommand } from '../../bin/commands/webhook-test.js';
import type { RunResult } from '../../harness/model/index.js';
import { startEchoingCallback } from '../helpers/hostile/echoing-callback.js';
import { leaks, unsafeHtml, unsafeIn } from '../helpers/hostile/planted.js';

const VERIFY_TOKEN = 'hostile-verify-token-4f9c';
const APP_SECRET = 'hostile-app-secret-77aa';

describe('webhook-test against a callback that echoes the verify token instead of the challenge', () => {
  let callback: Awaited<ReturnType<typeof startEchoingCallback>>;
  let reportDir: string;
  beforeAll(async () => {
    callback = await startEchoingCallback(APP_SECRET);
    reportDir = await mkdtemp(join(tmpdir(), 'graphcheck-hostile-wt-'));
  });
  afterAll(async () => {
    await callback.close();
    await rm(reportDir, { recursive: true, force: true });
  });

  it('shows neither the token, its near misses, nor the app secret, in any form, in any report or console line; its text is inert', async () => {
    const printed: string[] = [];
    const flags = { callback: callback.url, verifyToken: VERIFY_TOKEN, appSecret: APP_SECRET, reportDir, timeout: '5000', seed: '7' };
    const code = await webhookTestCommand(flags, (t) => printed.push(t));
    expect(code).toBe(1);
    const files: Record<string, string> = { stdout: printed.join('') };
    for (const f of await readdir(reportDir)) files[f] = await readFile(join(reportDir, f), 'utf8');
    const report = JSON.parse(files['report.json']!) as RunResult;
    // The echo is the failure judged, so the callback's answers (and what they echo) are in the reports.
    const echoed = report.results.find((r) => r.rule === 'webhook-test.verification-echo');
    expect(echoed?.verdict).toBe('failed');
    expect(JSON.stringify(echoed)).toMatch(/redacted-secret-\w*\d/);
    const nearMisses = [`${VERIFY_TOKEN.slice(0, -1)}x`, `${VERIFY_TOKEN} `];
    expect(leaks(files, [VERIFY_TOKEN, APP_SECRET, ...nearMisses])).toEqual([]);
    const verdict = files.stdout!.split('\n').find((l) => /^(FAILED|PASSED|COULD NOT JUDGE)/.test(l));
    expect(unsafeIn(files.stdout!, { verdict, rules: new Set(report.results.map((r) => r.rule)) })).toEqual([]);
    expect(unsafeIn(files['summary.md']!, { markup: true })).toEqual([]);
    expect(unsafeIn(files['junit.xml']!)).toEqual([]);
    expect(unsafeIn(files['report.json']!)).toEqual([]);
    expect(unsafeHtml(files['report.html']!)).toEqual([]);
  });
});
