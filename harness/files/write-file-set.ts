import { closeSync, constants, fsyncSync, openSync } from 'node:fs';
import { copyFile, link, lstat, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { codeOf, type CannotWrite, flushToDisk, tempBeside } from './write-atomically.js';

/** One file of a set: where it goes and what it holds. */
export interface SetFile {
  target: string;
  data: string | Uint8Array;
}

/**
 * Replaces several files as one set, in two phases. First every file is written to a temporary file beside its
 * target and flushed; a failure there (a full disk) removes the temporaries and leaves every target as it was.
 * Then each temporary is renamed over its target, in the order given, each old file kept aside (a hard link) until
 * the last rename is done: a rename that fails puts back the files already replaced. So a set is either the old
 * one or the new one once this returns or throws.
 *
 * What a reader sees meanwhile: each file is whole at every moment (a rename is atomic), but between the first
 * rename and the last (a few system calls) the set is part new, part old. Callers put last the file a reader
 * trusts (a run's `report.json`): once it is new, every file of its set is. A process killed between two renames
 * leaves that mix, and the kept-aside links as dot-files beside them.
 */
export async function writeFileSet(files: readonly SetFile[], cannotWrite: CannotWrite): Promise<void> {
  const staged: { target: string; temp: string }[] = [];
  try {
    for (const { target, data } of files) {
      const temp = tempBeside(target, 'partial');
      try {
        closeSync(openSync(temp, 'wx', 0o666));
        staged.push({ target, temp });
        await writeFile(temp, data);
        flushToDisk(temp);
      } catch (error) {
        throw cannotWrite(target, codeOf(error));
      }
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  await renameAll(staged, cannotWrite);
}

/** The second phase: every temporary renamed over its target, or none left renamed. */
async function renameAll(staged: readonly { target: string; temp: string }[], cannotWrite: CannotWrite): Promise<void> {
  const replaced: { target: string; previous: string | undefined }[] = [];
  let current = '';
  try {
    for (const { target, temp } of staged) {
      current = target;
      replaced.push({ target, previous: await keepAside(target) });
      await rename(temp, target);
    }
  } catch (error) {
    for (const { target, previous } of replaced.reverse()) {
      await (previous ? rename(previous, target) : rm(target, { force: true })).catch(() => undefined);
    }
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw cannotWrite(current, codeOf(error));
  }
  await Promise.all(replaced.map(({ previous }) => previous && rm(previous, { force: true })));
  for (const folder of new Set(staged.map(({ target }) => dirname(target)))) flushFolder(folder);
}

/**
 * A second name for the file at `target` (undefined when there is none), so it can be put back: a hard link, or a
 * copy where the file system has no hard links. A symbolic link is kept as a link, never followed.
 */
async function keepAside(target: string): Promise<string | undefined> {
  const found = await lstat(target).catch(() => undefined);
  if (!found) return undefined;
  const aside = tempBeside(target, 'previous');
  try {
    await link(target, aside);
  } catch {
    if (found.isSymbolicLink()) await symlink(await readlink(target), aside);
    else await copyFile(target, aside, constants.COPYFILE_EXCL);
  }
  return aside;
}

/** The renames on disk, so a crash after this finds the new set (a folder cannot be flushed everywhere: best effort). */
function flushFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a folder to flush it; the renames stand all the same.
  }
}
