import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { UserInputError } from '../errors.js';

/** The path names a file to read: a missing, unreadable path or a folder is said in one line, before anything opens it. */
export async function requireCassetteFile(file: string): Promise<{ size: number }> {
  const info = await stat(file).catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: no such cassette: check the path, or record one first`);
  });
  if (info.isDirectory()) throw new UserInputError('USAGE', `${file}: is a folder: give the cassette file in it`);
  await access(file, constants.R_OK).catch((error: NodeJS.ErrnoException) => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the cassette (${error.code ?? 'error'}): check its permissions`);
  });
  return { size: info.size };
}
