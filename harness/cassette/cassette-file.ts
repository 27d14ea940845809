import { stat } from 'node:fs/promises';
import { UserInputError } from '../errors.js';

/** The path names a file to read: a missing path or a folder is said in one line, before anything opens it. */
export async function requireCassetteFile(file: string): Promise<void> {
  const info = await stat(file).catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: no such cassette: check the path, or record one first`);
  });
  if (info.isDirectory()) throw new UserInputError('USAGE', `${file}: is a folder: give the cassette file in it`);
}
