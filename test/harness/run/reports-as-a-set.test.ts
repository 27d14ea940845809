import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { contents, previousFolder } from '../../helpers/report-folder.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * A run stopped by a mistake in what it was given removes nothing from its report folder; the runs that reach a
 * target, or fail to, are reports-as-a-set.integration.test.ts.
 */
const dir = tempDir('graphcheck-report-set-');
afterAll(() => dir.cleanup());

describe('a run that stops before it has reports to write', () => {
  const stops: [string, (folder: string) => string[]][] = [
    ['run with a mistyped --profile', (f) => ['run', '--profile', join(f, '..', 'tagret.yaml'), '--report-dir', f]],
    ['run with a mistyped --cassette', (f) => ['run', '--cassette', join(f, '..', 'run.yaml.gzz'), '--report-dir', f]],
    ['check with a mistyped --cassette', (f) => ['check', '--cassette', join(f, '..', 'traffic.harr'), '--report-dir', f]],
  ];

  it.each(stops)('%s leaves the report folder byte for byte as it was (exit 2)', async (what, args) => {
    const folder = await previousFolder(dir.path(`stop-${stops.findIndex(([named]) => named === what)}`));
    const before = await contents(folder);
    const out = await runCli(args(folder));
    expect(out.stderr).not.toBe('');
    expect(out.code).toBe(2);
    expect(await contents(folder)).toEqual(before);
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
