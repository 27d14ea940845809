import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserInputError } from '../errors.js';

function cannotWrite(target: string, what: string, error: unknown): UserInputError {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return new UserInputError('USAGE', `${target}: cannot write ${what} (${code}): choose another --out`);
}

/**
 * Writes `target` through a temporary file in the same folder that `write` fills, renamed over `target` only
 * once `write` succeeds. A failure removes the temporary file: `target` is never left half written, and a good
 * file already there is kept. `what` names the output in messages (`the HAR file`).
 */
export async function writeAtomically<T>(
  target: string,
  what: string,
  write: (temp: string) => T | Promise<T>,
): Promise<T> {
  if ((await stat(target).catch(() => undefined))?.isDirectory())
    throw new UserInputError('USAGE', `${target}: is a folder: give a file name for --out`);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
  try {
    closeSync(openSync(temp, 'wx'));
  } catch (error) {
    throw cannotWrite(target, what, error);
  }
  try {
    const result = await write(temp);
    await rename(temp, target).catch((error: unknown) => {
      throw cannotWrite(target, what, error);
    });
    return result;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Whether two paths name the same existing file (links, `./`, case-insensitive folders and all). */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [one, two] = await Promise.all([stat(a).catch(() => undefined), stat(b).catch(() => undefined)]);
  return one !== undefined && two !== undefined && one.dev === two.dev && one.ino === two.ino;
}
