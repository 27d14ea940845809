import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CannotJudgeError, UserInputError } from '../errors.js';
import { writeFileAtomically } from '../files/write-atomically.js';
import { REPORT_FILES } from './report-files.js';

/**
 * Writes one report file into the report folder, made if need be: through a temporary file renamed into place, so
 * a full disk leaves no truncated report and a symbolic link in the folder is replaced, not written through. A file
 * that cannot be written after the run ended is exit 3 (the run happened; its reports are missing), not a usage error.
 */
export async function writeReport(dir: string, name: string, text: string): Promise<void> {
  try {
    await makeFolder(dir);
  } catch (error) {
    throw reportDirError(dir, `cannot write ${name} there`, error);
  }
  await writeFileAtomically(join(dir, name), name, text, { cannotWrite: reportNotWritten });
}

function reportNotWritten(file: string, code: string): CannotJudgeError {
  return new CannotJudgeError('REPORT_NOT_WRITTEN', `${file}: cannot write the report (${code}): free some space or choose another --report-dir; the run ended, its reports are missing`);
}

/**
 * Removes the report files a previous run left in `dir`, once a run is about to start: a run interrupted (or one
 * whose reports cannot be written) must not leave the last run's `PASSED` summary standing as if it were its own.
 * Every format's file goes, not only those this run writes. A symbolic link is removed, not what it points to.
 */
export async function clearReports(dir: string): Promise<void> {
  await Promise.all(
    Object.values(REPORT_FILES).map((name) =>
      rm(join(dir, name), { force: true }).catch((error: unknown) => {
        throw reportDirError(dir, `cannot remove the previous ${name}`, error);
      }),
    ),
  );
}

/**
 * Checks, before a run spends any time, that `dir` is or can become the report folder: a file in its place, or
 * in place of a folder above it, is said now rather than after the run. Nothing is created.
 */
export async function assertReportDir(dir: string): Promise<void> {
  let path = resolve(dir);
  for (;;) {
    const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw reportDirError(dir, 'cannot be the report folder', error);
    });
    if (found) {
      if (!found.isDirectory()) throw reportDirError(dir, `cannot be the report folder (${path} is a file)`, undefined);
      return;
    }
    const parent = dirname(path);
    if (parent === path) return;
    path = parent;
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
