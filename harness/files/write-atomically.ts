import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { lstat, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { GraphcheckError, UserInputError } from '../errors.js';

/** How a caller words a file it could not write (`code`: ENOSPC, EACCES...): a user error by default, naming --out. */
export type CannotWrite = (target: string, code: string) => GraphcheckError;

export interface AtomicWriteOptions {
  /** The new file's mode, whatever the mode of a file it replaces (key files: 0o600). */
  mode?: number;
  cannotWrite?: CannotWrite;
}

function cannotWriteOut(what: string): CannotWrite {
  return (target, code) => new UserInputError('USAGE', `${target}: cannot write ${what} (${code}): choose another --out`);
}

export function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

/**
 * Writes `target` through a temporary file in the same folder that `write` fills, flushed to disk, then renamed
 * over `target` only once `write` succeeds. A failure (a full disk among them) removes the temporary file: `target`
 * is never left half written, and a good file already there is kept. The rename replaces a symbolic link at
 * `target` rather than writing where it points, and the temporary file is made new (never an existing file or
 * link). `what` names the output in messages (`the HAR file`). The one way graphcheck replaces a file.
 */
export async function writeAtomically<T>(
  target: string,
  what: string,
  write: (temp: string) => T | Promise<T>,
  options: AtomicWriteOptions = {},
): Promise<T> {
  const cannotWrite = options.cannotWrite ?? cannotWriteOut(what);
  if ((await lstat(target).catch(() => undefined))?.isDirectory())
    throw new UserInputError('USAGE', `${target}: is a folder: give a file name for --out`);
  const temp = tempBeside(target, 'partial');
  try {
    closeSync(openSync(temp, 'wx', options.mode ?? 0o666));
  } catch (error) {
    throw cannotWrite(target, codeOf(error));
  }
  try {
    const result = await write(temp);
    try {
      flushToDisk(temp);
      await rename(temp, target);
    } catch (error) {
      throw cannotWrite(target, codeOf(error));
    }
    return result;
  } catch (error) {
    await rm(temp, { force: true });
    // A system error while writing (ENOSPC, EFBIG) is this file's; graphcheck's own errors say what they are.
    if (!(error instanceof GraphcheckError) && (error as NodeJS.ErrnoException).code !== undefined) throw cannotWrite(target, codeOf(error));
    throw error;
  }
}

/** `writeAtomically` of text or bytes already in memory (reports, keys, a baseline). */
export function writeFileAtomically(target: string, what: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  return writeAtomically(target, what, (temp) => writeFile(temp, data), options);
}

/** A new name beside `target` for a file on its way in (`partial`) or kept aside (`previous`): a dot-file, never reused. */
export function tempBeside(target: string, what: 'partial' | 'previous'): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.${what}`);
}

/** The file's bytes on disk before it is renamed into place: a crash after the rename finds the whole new file. */
export function flushToDisk(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Whether two paths name the same existing file (links, `./`, case-insensitive folders and all). */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [one, two] = await Promise.all([stat(a).catch(() => undefined), stat(b).catch(() => undefined)]);
  return one !== undefined && two !== undefined && one.dev === two.dev && one.ino === two.ino;
}
