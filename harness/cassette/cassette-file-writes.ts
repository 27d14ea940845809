import { constants, openSync, writeSync } from 'node:fs';
import { UserInputError } from '../errors.js';

/** A failed write (disk full, file too large) as one line naming the cassette; other errors as they are. */
export function writeFailed(file: string, cause: unknown): unknown {
  const code = (cause as NodeJS.ErrnoException).code;
  if (code === undefined) return cause;
  return new UserInputError('USAGE', `${file}: cannot write the cassette (${code}): free some space or record to another path`);
}

/** `w` starts the file afresh, `a` appends; neither follows a symbolic link at `file` (a link is refused: ELOOP). */
const OPEN_FLAGS = {
  w: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
  a: constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW,
};

export function openForWriting(file: string, flags: 'w' | 'a'): number {
  try {
    return openSync(file, OPEN_FLAGS[flags], 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ELOOP') throw new UserInputError('USAGE', `${file}: is a symbolic link: give the cassette's own path, not a link to it`);
    throw new UserInputError('USAGE', `${file}: cannot write the cassette (${code}): choose another path`);
  }
}

/**
 * Writes all of `text` at `position` (the end of the whole documents; an appending file ignores it), returning the
 * bytes written: strings go to the file without a Buffer copy; a short write (rare on a file) goes on in bytes.
 */
export function writeAll(fd: number, text: string, position: number): number {
  const length = Buffer.byteLength(text);
  let offset = writeSync(fd, text, position);
  if (offset === length) return length;
  const bytes = Buffer.from(text, 'utf8');
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset, position + offset);
  return length;
}
