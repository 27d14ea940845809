import type { Server } from 'node:http';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { listRules } from '../../bin/api.js';
import { listCommand } from '../../bin/commands/list.js';
import { webhookTestCommand } from '../../bin/commands/webhook-test.js';
import { register } from '../../bin/declarations/webhook-test.js';
import { createCertificateAuthority } from '../../harness/ca/index.js';
import type { RunResult } from '../../harness/model/index.js';
import { type Flaws, SECRET, startSample, TOKEN } from '../helpers/sample-receivers.js';
import { tempFolder } from '../helpers/temp-dir.js';

const ca = await createCertificateAuthority('developer CA');

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f()));
});

/** A sample receiver over HTTPS, and a report folder holding the CA to pass as --ca. */
async function setup(flaws: Flaws): Promise<{ callback: string; reportDir: string; caFile: string }> {
  const sample = await startSample(flaws, await ca.issueServer('127.0.0.1'));
  const reportDir = tempFolder('graphcheck-wt-');
  cleanups.push(
    async () => {
      (sample.server as Server).closeAllConnections();
      await new Promise((resolve) => (sample.server as Server).close(resolve));
    },
    () => rm(reportDir, { recursive: true, force: true }),
  );
  const caFile = join(reportDir, 'ca.pem');
  await writeFile(caFile, ca.certPem);
  return { callback: sample.url, reportDir, caFile };
}

const flags = ({ callback, reportDir, caFile }: { callback: string; reportDir: string; caFile: string }) => ({
  callback,
  verifyToken: TOKEN,
  appSecret: SECRET,
  reportDir,
  ca: caFile,
  timeout: '5000',
});

const readReport = async (reportDir: string) =>
  JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunResult;

describe('graphcheck webhook-test', () => {
  it('writes the reports run writes (report.json, junit.xml, summary.md, report.html) and exits 0 for a correct endpoint', async () => {
    const setupped = await setup({});
    const printed: string[] = [];
    const code = await webhookTestCommand(flags(setupped), (t) => printed.push(t));
    expect(code).toBe(0);
    const report = await readReport(setupped.reportDir);
    expect(report.tool.name).toBe('graphcheck');
    expect(report.summary).toMatchObject({ failed: 0, error: 0, skipped: 1 });
    expect(report.results.every((r) => r.suite === 'webhook-test')).toBe(true);
    const junit = await readFile(join(setupped.reportDir, 'junit.xml'), 'utf8');
    expect(junit).toContain('webhook-test.verification-near-miss-tokens');
    const summary = await readFile(join(setupped.reportDir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/PASSED: 13 passed, 0 failed, 0 warned, 1 skipped, 0 error/);
    await readFile(join(setupped.reportDir, 'report.html'), 'utf8');
    const text = printed.join('');
    expect(text).toMatch(/^graphcheck webhook-test: https:\/\/127\.0\.0\.1:\d+\/webhook \(seed \d+\)/);
    expect(text).toMatch(/PASSED: 13 passed, 0 failed, 0 warned, 1 skipped, 0 error/);
  });

  it('exits 1 and prints the cited sentence and replay line when a MUST rule fails', async () => {
    const setupped = await setup({ noEcho: true });
    const printed: string[] = [];
    expect(await webhookTestCommand(flags(setupped), (t) => printed.push(t))).toBe(1);
    const text = printed.join('');
    expect(text).toContain('FAIL webhook-test.verification-echo: answered HTTP 200 "OK" instead of hub.challenge');
    expect(text).toContain('spec (Events › Verification request (GET)): "The endpoint must check that `hub.verify_token`');
    expect(text).toMatch(/replay: graphcheck webhook-test .* --rule webhook-test\.verification-echo/);
    const junit = await readFile(join(setupped.reportDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<failure[^>]*>[^<]*hub\.challenge/);
  });

  it('shows an accepted forged notification as advice and exits 0; --strict makes advice fail the run', async () => {
    const setupped = await setup({ skipSignature: true });
    const printed: string[] = [];
    expect(await webhookTestCommand(flags(setupped), (t) => printed.push(t))).toBe(0);
    expect(printed.join('')).toMatch(/WARN webhook-test\.notification-bad-signature: advice:/);
    expect(printed.join('')).toMatch(/PASSED WITH WARNINGS: 9 passed, 0 failed, 4 warned/);
    expect(await webhookTestCommand({ ...flags(setupped), strict: true }, () => {})).toBe(1);
    expect((await readReport(setupped.reportDir)).summary).toMatchObject({ failed: 4, warned: 0 });
  });

  it('judges nothing from a notification that got no answer in time: error, exit 3, no refusal passed', async () => {
    const setupped = await setup({ hangOnNotify: true });
    const code = await webhookTestCommand({ ...flags(setupped), timeout: '300' }, () => {});
    expect(code).toBe(3);
    const report = await readReport(setupped.reportDir);
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
    const setupped = await setup({});
    const { reportDir } = setupped;
    const print = () => {};
    await expect(
      webhookTestCommand({ ...flags(setupped), timeout: 'soon' }, print),
    ).rejects.toMatchObject({
      code: 'USAGE',
    });
    await expect(
      webhookTestCommand({ ...flags(setupped), ca: join(reportDir, 'missing.pem') }, print),
    ).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
    });
    const notPem = join(reportDir, 'not.pem');
    await writeFile(notPem, 'hello');
    await expect(
      webhookTestCommand({ ...flags(setupped), ca: notPem }, print),
    ).rejects.toMatchObject({
      code: 'USAGE',
    });
  });

  it('is registered with commander and sets the exit code from the run', async () => {
    const { callback, reportDir, caFile } = await setup({ answer500: true });
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
        '--ca',
        caFile,
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
    const report = await readReport(reportDir);
    expect(report.seed).toBe(7);
    expect(report.results.map((r) => [r.rule, r.verdict])).toEqual([
      ['webhook-test.notification-changes', 'failed'],
    ]);
  });
});

describe('the webhook-test suite beside the others', () => {
  it('is listed with list --side callback, never selected by run, and named when a run asks for one of its rules', async () => {
    const listed = (flags: { side?: string }) => {
      const out: string[] = [];
      return listCommand({ ...flags, json: true }, (t) => out.push(t)).then(() => JSON.parse(out.join('')) as { id: string; suite: string }[]);
    };
    const callback = await listed({ side: 'callback' });
    expect(callback.length).toBeGreaterThan(10);
    expect(callback.every((r) => r.suite === 'webhook-test')).toBe(true);
    expect((await listed({})).some((r) => r.suite === 'webhook-test')).toBe(false);
    await expect(listRules({ rules: ['webhook-test.verification-echo'] })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('a callback-side rule; graphcheck webhook-test judges it'),
    });
  });
});
