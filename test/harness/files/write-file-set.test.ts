import { mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CannotJudgeError } from '../../../harness/errors.js';
import { writeFileSet } from '../../../harness/files/write-file-set.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('graphcheck-file-set-');
afterAll(() => dir.cleanup());

const cannotWrite = (target: string, code: string) => new CannotJudgeError('REPORT_NOT_WRITTEN', `${target}: ${code}`);

async function folderWith(name: string, files: Record<string, string>): Promise<string> {
  const folder = dir.path(name);
  await mkdir(folder);
  for (const [file, text] of Object.entries(files)) await writeFile(join(folder, file), text);
  return folder;
}

describe('a set of files replaced together', () => {
  it('replaces the files named, writes the new ones, and leaves the rest of the folder alone', async () => {
    const folder = await folderWith('plain', { 'a.txt': 'old a', 'keep.txt': 'keep' });
    await writeFileSet([{ target: join(folder, 'a.txt'), data: 'new a' }, { target: join(folder, 'b.txt'), data: 'new b' }], cannotWrite);
    expect((await readdir(folder)).sort()).toEqual(['a.txt', 'b.txt', 'keep.txt']);
    expect(await readFile(join(folder, 'a.txt'), 'utf8')).toBe('new a');
    expect(await readFile(join(folder, 'b.txt'), 'utf8')).toBe('new b');
    expect(await readFile(join(folder, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('a rename that fails part-way puts back the files already replaced and removes every temporary file', async () => {
    const folder = await folderWith('half', { 'a.txt': 'old a', 'c.txt': 'old c' });
    // A folder that is not empty where the second file goes: its rename fails after the first one's succeeded.
    await mkdir(join(folder, 'b.txt'));
    await writeFile(join(folder, 'b.txt', 'inside'), 'x');
    const set = [
      { target: join(folder, 'a.txt'), data: 'new a' },
      { target: join(folder, 'b.txt'), data: 'new b' },
      { target: join(folder, 'c.txt'), data: 'new c' },
    ];
    const error = await writeFileSet(set, cannotWrite).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CannotJudgeError);
    expect((error as Error).message).toMatch(new RegExp(`^${join(folder, 'b.txt')}: (EISDIR|ENOTEMPTY|EEXIST|EPERM)$`));
    expect((await readdir(folder)).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await readFile(join(folder, 'a.txt'), 'utf8')).toBe('old a');
    expect(await readFile(join(folder, 'c.txt'), 'utf8')).toBe('old c');
  });

  it('a file that was not there before is removed again when the set is put back', async () => {
    const folder = await folderWith('new-then-back', {});
    await mkdir(join(folder, 'b.txt'));
    await writeFile(join(folder, 'b.txt', 'inside'), 'x');
    await writeFileSet([{ target: join(folder, 'a.txt'), data: 'new a' }, { target: join(folder, 'b.txt'), data: 'new b' }], cannotWrite).catch(() => undefined);
    expect(await readdir(folder)).toEqual(['b.txt']);
  });

  it('a symbolic link in the set is replaced, never written through, and put back as the link it was', async () => {
    const folder = await folderWith('linked', { 'victim.txt': 'keep me' });
    await symlink(join(folder, 'victim.txt'), join(folder, 'a.txt'));
    await mkdir(join(folder, 'b.txt'));
    await writeFile(join(folder, 'b.txt', 'inside'), 'x');
    await writeFileSet([{ target: join(folder, 'a.txt'), data: 'new a' }, { target: join(folder, 'b.txt'), data: 'new b' }], cannotWrite).catch(() => undefined);
    expect(await readlink(join(folder, 'a.txt'))).toBe(join(folder, 'victim.txt'));
    await writeFileSet([{ target: join(folder, 'a.txt'), data: 'new a' }], cannotWrite);
    expect(await readFile(join(folder, 'a.txt'), 'utf8')).toBe('new a');
    expect(await readFile(join(folder, 'victim.txt'), 'utf8')).toBe('keep me');
  });
});
