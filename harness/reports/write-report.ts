import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UserInputError } from '../errors.js';

/** Writes one report file into the report folder, made if need be; a folder that cannot be one is a user error. */
export async function writeReport(dir: string, name: string, text: string): Promise<void> {
  try {
    await makeFolder(dir);
    await writeFile(join(dir, name), text);
  } catch (error) {
    throw reportDirError(dir, `cannot write ${name} there`, error);
  }
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
