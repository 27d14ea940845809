import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILES } from '../../../harness/reports/report-files.js';
import { runCli } from '../../helpers/cli.js';
import { contents, PREVIOUS, previousFolder } from '../../helpers/report-folder.js';
import { closedPort } from '../../helpers/reference/webhooks-receiver.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * A run removes nothing from its report folder until it has something to write, and then replaces only the reports
 * it was asked for, as one set (`writeFileSet`, whose failures are tested in test/harness/files/). Runs stopped by
 * a mistake in their flags, before any target is reached, are reports-as-a-set.test.ts.
 */
const dir = tempDir('graphcheck-report-set-');
afterAll(() => dir.cleanup());

describe('a run that stops before it has reports to write', () => {
  let closed = 0;
  beforeAll(async () => {
    closed = await closedPort();
  });

  const stops: [string, (folder: string) => string[], number][] = [
    ['run against a target nobody answers', (f) => ['run', '--target', `http://127.0.0.1:${closed}`, '--timeout', '2000', '--report-dir', f], 3],
    [
      'webhook-test against a callback nobody answers',
      (f) => ['webhook-test', '--callback', `http://127.0.0.1:${closed}/hook`, '--verify-token', 'vt-1', '--app-secret', 'as-1', '--report-dir', f],
      3,
    ],
  ];

  it.each(stops)('%s leaves the report folder byte for byte as it was', async (_, args, exitCode) => {
    const folder = await previousFolder(dir.path(`stop-${stops.findIndex(([what]) => what === _)}`));
    const before = await contents(folder);
    const out = await runCli(args(folder));
    expect(out.stderr).not.toBe('');
    expect(out.code).toBe(exitCode);
    expect(await contents(folder)).toEqual(before);
  });
});

describe('a run that ends', () => {
  it('with --format json replaces report.json alone; the other reports and the user\'s file stay as they were', async () => {
    const folder = await previousFolder(dir.path('json-only'));
    const out = await runCli(['run', '--rule', 'feed.post-returns-id', '--seed', '3', '--format', 'json', '--report-dir', folder]);
    expect(out.code).toBe(0);
    const after = await contents(folder);
    expect(Object.keys(after)).toEqual(Object.keys(PREVIOUS).sort());
    for (const name of ['junit.xml', 'summary.md', 'report.html', 'notes.txt']) expect(Buffer.from(after[name]!, 'base64').toString()).toBe(PREVIOUS[name]);
    const report = JSON.parse(await readFile(join(folder, 'report.json'), 'utf8')) as { seed: number };
    expect(report.seed).toBe(3);
    expect(out.stdout).toContain(`reports: ${folder}/report.json\n`);
  });

  it('with every format replaces the four reports, leaves no temporary file, and touches nothing else', async () => {
    const folder = await previousFolder(dir.path('all-formats'));
    const out = await runCli(['run', '--rule', 'feed.post-returns-id', '--seed', '3', '--report-dir', folder]);
    expect(out.code).toBe(0);
    expect((await readdir(folder)).sort()).toEqual(Object.keys(PREVIOUS).sort());
    for (const name of Object.values(REPORT_FILES)) expect(await readFile(join(folder, name), 'utf8')).not.toBe(PREVIOUS[name]);
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe(PREVIOUS['notes.txt']);
  });
});
