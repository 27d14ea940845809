import type { Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { register, webhookTestCommand } from '../../bin/commands/webhook-test.js';
import type { RunResult } from '../../harness/model/index.js';
import { type Flaws, SECRET, startSample, TOKEN } from './sample-receivers.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f()));
});

async function setup(flaws: Flaws): Promise<{ callback: string; reportDir: string }> {
  const sample = await startSample(flaws);
  const reportDir = await mkdtemp(join(tmpdir(), 'graphcheck-wt-'));
  cleanups.push(
    () => new Promise((resolve) => (sample.server as Server).close(resolve)),
    () => rm(reportDir, { recursive: true, force: true }),
  );
  return { callback: sample.url, reportDir };
}

const flags = (callback: string, reportDir: string) => ({
  callback,
  verifyToken: TOKEN,
  appSecret: SECRET,
  reportDir,
  timeout: '5000',
});

describe('graphcheck webhook-test', () => {
  it('writes reports/webhook-test.json, prints a summary and exits 0 for a correct endpoint', async () => {
    const { callback, reportDir } = await setup({});
    const printed: string[] = [];
    const code = await webhookTestCommand(flags(callback, reportDir), (t) => printed.push(t));
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(reportDir, 'webhook-test.json'), 'utf8')) as RunResult;
    expect(report.tool.name).toBe('graphcheck');
    expect(report.summary.failed).toBe(0);
    expect(printed.join('')).toMatch(/MUST: 7\/7 passed; warned: 0; could not judge: 0/);
  });

  it('exits 1 and prints the cited sentence and replay line when a MUST rule fails', async () => {
    const { callback, reportDir } = await setup({ noEcho: true });
    const printed: string[] = [];
    expect(await webhookTestCommand(flags(callback, reportDir), (t) => printed.push(t))).toBe(1);
    const text = printed.join('');
    expect(text).toContain('FAIL  MUST   webhook-test.verification-echo');
    expect(text).toContain('cites: The endpoint must check that `hub.verify_token`');
    expect(text).toMatch(/replay: graphcheck webhook-test .* --rule webhook-test\.verification-echo/);
  });

  it('shows an accepted forged notification as advice and still exits 0', async () => {
    const { callback, reportDir } = await setup({ skipSignature: true });
    const printed: string[] = [];
    expect(await webhookTestCommand(flags(callback, reportDir), (t) => printed.push(t))).toBe(0);
    expect(printed.join('')).toMatch(/WARN {2}SHOULD webhook-test\.notification-bad-signature/);
  });

  it('judges nothing from a notification that got no answer in time: error, exit 3, no refusal passed', async () => {
    const sample = await startSample({ hangOnNotify: true });
    const reportDir = await mkdtemp(join(tmpdir(), 'graphcheck-wt-'));
    cleanups.push(async () => {
      (sample.server as Server).closeAllConnections();
      await new Promise((resolve) => (sample.server as Server).close(resolve));
      await rm(reportDir, { recursive: true, force: true });
    });
    const code = await webhookTestCommand({ ...flags(sample.url, reportDir), timeout: '300' }, () => {});
    expect(code).toBe(3);
    const report = JSON.parse(await readFile(join(reportDir, 'webhook-test.json'), 'utf8')) as RunResult;
    const verdicts = Object.fromEntries(report.results.map((r) => [r.rule, r.verdict]));
    expect(verdicts['webhook-test.verification-echo']).toBe('passed');
    expect(verdicts['webhook-test.notification-bad-signature']).toBe('error');
    const notifications = report.results.filter((r) => r.rule.includes('notification'));
    expect(notifications.length).toBeGreaterThan(3);
    for (const r of notifications) {
      expect(r.verdict).toBe('error');
      expect(r.reason).toMatch(/no answer within 300 ms/);
    }
  });

  it('refuses bad flag values as user errors', async () => {
    const { callback, reportDir } = await setup({});
    const print = () => {};
    await expect(
      webhookTestCommand({ ...flags(callback, reportDir), timeout: 'soon' }, print),
    ).rejects.toMatchObject({
      code: 'USAGE',
    });
    await expect(
      webhookTestCommand({ ...flags(callback, reportDir), ca: join(reportDir, 'missing.pem') }, print),
    ).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
    });
    const notPem = join(reportDir, 'not.pem');
    await writeFile(notPem, 'hello');
    await expect(
      webhookTestCommand({ ...flags(callback, reportDir), ca: notPem }, print),
    ).rejects.toMatchObject({
      code: 'USAGE',
    });
  });

  it('is registered with commander and sets the exit code from the run', async () => {
    const { callback, reportDir } = await setup({ answer500: true });
    const program = new Command().exitOverride();
    register(program);
    const write = process.stdout.write;
    const before = process.exitCode;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    try {
      await program.parseAsync([
        'node',
        'graphcheck',
        'webhook-test',
        '--callback',
        callback,
        '--verify-token',
        TOKEN,
        '--app-secret',
        SECRET,
        '--report-dir',
        reportDir,
        '--seed',
        '7',
        '--rule',
        'webhook-test.notification-changes',
      ]);
      expect(process.exitCode).toBe(1);
    } finally {
      process.stdout.write = write;
      process.exitCode = before;
    }
    const report = JSON.parse(await readFile(join(reportDir, 'webhook-test.json'), 'utf8')) as RunResult;
    expect(report.seed).toBe(7);
    expect(report.results.map((r) => [r.rule, r.verdict])).toEqual([
      ['webhook-test.notification-changes', 'failed'],
    ]);
  });
});
