import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILES } from '../../../harness/reports/report-files.js';
import { runCli } from '../../helpers/cli.js';
import { closedPort } from '../../helpers/reference/webhooks-receiver.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * A run removes nothing from its report folder until it has something to write, and then replaces only the reports
 * it was asked for, as one set (`writeFileSet`, whose failures are tested in test/harness/files/).
 */
const dir = tempDir('graphcheck-report-set-');
afterAll(() => dir.cleanup());

const PREVIOUS: Record<string, string> = {
  'report.json': '{"summary":"the previous run"}\n',
  'junit.xml': '<testsuites name="the previous run"/>\n',
  'summary.md': 'PASSED: 262 passed (the previous run)\n',
  'report.html': '<p>the previous run</p>\n',
  'notes.txt': 'not a report: never touched\n',
};

/** A report folder holding the previous run's four reports and a file of the user's. */
async function previousFolder(name: string): Promise<string> {
  const folder = dir.path(name);
  await mkdir(folder);
  for (const [file, text] of Object.entries(PREVIOUS)) await writeFile(join(folder, file), text);
  return folder;
}

/** Every file of the folder, name and bytes. */
async function contents(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await readFile(join(folder, n))).toString('base64')])));
}

describe('a run that stops before it has reports to write', () => {
  let closed = 0;
  beforeAll(async () => {
    closed = await closedPort();
  });

  const stops: [string, (folder: string) => string[], number][] = [
    ['run with a mistyped --profile', (f) => ['run', '--profile', join(f, '..', 'tagret.yaml'), '--report-dir', f], 2],
    ['run with a mistyped --cassette', (f) => ['run', '--cassette', join(f, '..', 'run.yaml.gzz'), '--report-dir', f], 2],
    ['check with a mistyped --cassette', (f) => ['check', '--cassette', join(f, '..', 'traffic.harr'), '--report-dir', f], 2],
    ['run against a target nobody answers', (f) => ['run', '--target', `http://127.0.0.1:${closed}`, '--timeout', '2000', '--report-dir', f], 3],
    [
      'webhook-test against a callback nobody answers',
      (f) => ['webhook-test', '--callback', `http://127.0.0.1:${closed}/hook`, '--verify-token', 'vt-1', '--app-secret', 'as-1', '--report-dir', f],
      3,
    ],
  ];

  it.each(stops)('%s leaves the report folder byte for byte as it was', async (_, args, exitCode) => {
    const folder = await previousFolder(`stop-${stops.findIndex(([what]) => what === _)}`);
    const before = await contents(folder);
    const out = await runCli(args(folder));
    expect(out.stderr).not.toBe('');
    expect(out.code).toBe(exitCode);
    expect(await contents(folder)).toEqual(before);
  });
});

describe('a run that ends', () => {
  it('with --format json replaces report.json alone; the other reports and the user\'s file stay as they were', async () => {
    const folder = await previousFolder('json-only');
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
    const folder = await previousFolder('all-formats');
    const out = await runCli(['run', '--rule', 'feed.post-returns-id', '--seed', '3', '--report-dir', folder]);
    expect(out.code).toBe(0);
    expect((await readdir(folder)).sort()).toEqual(Object.keys(PREVIOUS).sort());
    for (const name of Object.values(REPORT_FILES)) expect(await readFile(join(folder, name), 'utf8')).not.toBe(PREVIOUS[name]);
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe(PREVIOUS['notes.txt']);
  });

  it('a report name taken by a folder is refused before the run (exit 2), and nothing is written', async () => {
    const folder = dir.path('folder-in-the-way');
    await mkdir(join(folder, 'junit.xml'), { recursive: true });
    await writeFile(join(folder, 'junit.xml', 'kept.txt'), 'kept');
    const out = await runCli(['run', '--rule', 'feed.post-returns-id', '--report-dir', folder]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${folder}: cannot hold the reports (${join(folder, 'junit.xml')} is a folder): choose another --report-dir`);
    expect(await readdir(folder)).toEqual(['junit.xml']);
    expect(await readFile(join(folder, 'junit.xml', 'kept.txt'), 'utf8')).toBe('kept');
  });
});
