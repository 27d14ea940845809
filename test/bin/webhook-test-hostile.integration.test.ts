import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookTestCommand } from '../../bin/commands/webhook-test.js';
import type { RunResult } from '../../harness/model/index.js';
import { startEchoingCallback } from '../helpers/hostile/echoing-callback.js';
import { expectSafeOutputs, outputsOf } from '../helpers/hostile/expect-safe.js';
import { tempFolder } from '../helpers/temp-dir.js';

const VERIFY_TOKEN = 'hostile-verify-token-4f9c';
const APP_SECRET = 'hostile-app-secret-77aa';

describe('webhook-test against a callback that echoes the verify token instead of the challenge', () => {
  let callback: Awaited<ReturnType<typeof startEchoingCallback>>;
  let reportDir: string;
  beforeAll(async () => {
    callback = await startEchoingCallback(APP_SECRET);
    reportDir = tempFolder('graphcheck-hostile-wt-');
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
    const files = await outputsOf(reportDir, printed);
    const report = JSON.parse(files['report.json']!) as RunResult;
    // The echo is the failure judged, so the callback's answers (and what they echo) are in the reports.
    const echoed = report.results.find((r) => r.rule === 'webhook-test.verification-echo');
    expect(echoed?.verdict).toBe('failed');
    expect(JSON.stringify(echoed)).toMatch(/redacted-secret-\w*\d/);
    const nearMisses = [`${VERIFY_TOKEN.slice(0, -1)}x`, `${VERIFY_TOKEN} `];
    expectSafeOutputs(files, [VERIFY_TOKEN, APP_SECRET, ...nearMisses]);
  });
});
