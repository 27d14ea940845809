import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserInputError } from '../errors.js';

/** Writes one report file into the report folder, made if need be; a folder that cannot be one is a user error. */
export async function writeReport(dir: string, name: string, text: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new UserInputError('USAGE', `${dir}: cannot write ${name} there (${code}): choose another --report-dir`);
  }
}
