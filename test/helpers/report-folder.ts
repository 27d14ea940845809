import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempFolder } from './temp-dir.js';

/** A previous run's four reports and a file of the user's, as a report folder held them before a run. */
export const PREVIOUS: Record<string, string> = {
  'report.json': '{"summary":"the previous run"}\n',
  'junit.xml': '<testsuites name="the previous run"/>\n',
  'summary.md': 'PASSED: 262 passed (the previous run)\n',
  'report.html': '<p>the previous run</p>\n',
  'notes.txt': 'not a report: never touched\n',
};

/** A report folder `folder` (made here) holding the previous run's four reports and a file of the user's. */
export async function previousFolder(folder: string): Promise<string> {
  await mkdir(folder);
  for (const [file, text] of Object.entries(PREVIOUS)) await writeFile(join(folder, file), text);
  return folder;
}

/** Every file of the folder, name and bytes. */
export async function contents(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await readFile(join(folder, n))).toString('base64')])));
}

/** Shard report folders (`shard-1`, `shard-2`...) under a fresh temporary folder, each holding its `report.json`. */
export async function shardFolders(reports: unknown[]): Promise<{ root: string; shards: string[] }> {
  const root = tempFolder('graphcheck-shards-');
  const shards = await Promise.all(
    reports.map(async (report, i) => {
      const dir = join(root, `shard-${i + 1}`);
      await mkdir(dir);
      await writeFile(join(dir, 'report.json'), JSON.stringify(report));
      return dir;
    }),
  );
  return { root, shards };
}
