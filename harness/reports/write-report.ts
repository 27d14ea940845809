import { lstat, mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CannotJudgeError, UserInputError } from '../errors.js';
import { writeFileSet } from '../files/write-file-set.js';
import { REPORT_FILES } from './report-files.js';

/**
 * Writes a run's report files into the report folder (made if need be) as one set (`writeFileSet`): each through a
 * temporary file, then all renamed into place, `report.json` last, so a run that stops early, or whose disk fills
 * while writing, leaves the previous set whole. Only the files named are replaced: a format this run does not write
 * keeps its old file, and nothing else in the folder is touched. A symbolic link at a report's name is replaced,
 * not written through. A file that cannot be written after the run ended is exit 3 (the run happened; its reports
 * are missing), not a usage error.
 */
export async function writeReportSet(dir: string, files: readonly { name: string; text: string }[]): Promise<void> {
  try {
    await makeFolder(dir);
  } catch (error) {
    throw reportDirError(dir, `cannot write ${files[0]?.name ?? 'the reports'} there`, error);
  }
  const trusted = (name: string) => (name === REPORT_FILES.json ? 1 : 0);
  const ordered = [...files].sort((a, b) => trusted(a.name) - trusted(b.name));
  await writeFileSet(ordered.map(({ name, text }) => ({ target: join(dir, name), data: text })), reportNotWritten);
}

function reportNotWritten(file: string, code: string): CannotJudgeError {
  return new CannotJudgeError('REPORT_NOT_WRITTEN', `${file}: cannot write the report (${code}): free some space or choose another --report-dir; the run ended, its reports are missing and the previous ones are left as they were`);
}

/**
 * Checks, before a run spends any time, that `dir` is or can become the report folder: a file in its place, or
 * in place of a folder above it, or a folder where one of the reports `names` goes, is said now rather than after
 * the run. Nothing is created.
 */
export async function assertReportDir(dir: string, names: readonly string[] = []): Promise<void> {
  let path = resolve(dir);
  for (;;) {
    const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw reportDirError(dir, 'cannot be the report folder', error);
    });
    if (found) {
      if (!found.isDirectory()) throw reportDirError(dir, `cannot be the report folder (${path} is a file)`, undefined);
      if (path === resolve(dir)) await assertNoFolderAt(dir, names);
      return;
    }
    const parent = dirname(path);
    if (parent === path) return;
    path = parent;
  }
}

async function assertNoFolderAt(dir: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const found = await lstat(join(dir, name)).catch(() => undefined);
    if (found?.isDirectory()) throw reportDirError(dir, `cannot hold the reports (${join(dir, name)} is a folder)`, undefined);
  }
}

/**
 * `mkdir -p`, one level at a time: Node 20's recursive mkdir never returns for some paths (under /proc), where
 * one plain mkdir fails at once.
 */
async function makeFolder(dir: string): Promise<void> {
  const path = resolve(dir);
  const exists = await stat(path).then((s) => s.isDirectory(), () => false);
  if (exists) return;
  const parent = dirname(path);
  if (parent !== path) await makeFolder(parent);
  await mkdir(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

function reportDirError(dir: string, what: string, error: unknown): UserInputError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new UserInputError('USAGE', `${dir}: ${what}${code ? ` (${code})` : ''}: choose another --report-dir`);
}
