import { closeSync, mkdtempSync, openSync, read, rmdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const readAt = promisify(read);

/**
 * The recorded answers' bytes a replay keeps in memory, all answers together; past it each answer's body is kept in
 * a temporary file and read back as it is sent. Feed pages of a 100,000-exchange cassette (150 MB) mostly stay in
 * memory; twelve 200 MiB answers of a small `.yaml.gz` no longer take gigabytes.
 */
export const HELD_BODY_BYTES = 16 * 1024 * 1024;

const TEXT_CHUNK = 1 << 20;
const STAGE_BYTES = 1 << 20;
const SHORT_TEXT = 64 * 1024;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Bytes of a body kept in the spool file: where they start and how many. */
export interface SpooledRange {
  at: number;
  bytes: number;
}

/**
 * Where a loaded cassette keeps the response bodies it does not hold in memory: one temporary file, written as the
 * cassette is read, read back by range while answers are sent. On a system that allows it the file is removed
 * from its folder as soon as it is open, so nothing is left behind whatever ends the process; `close()` lets go.
 */
export class BodySpool {
  private fd: number | undefined;
  /** The file's path while it still has one (a system that cannot remove an open file: Windows). */
  private leftover: { file: string; folder: string } | undefined;
  /** Where the next body goes: the file's length once the staged bytes are written. */
  private end = 0;
  /** Bytes on their way to the file, written together (thousands of small answers: one write per megabyte). */
  private stage: Buffer | undefined;
  private staged = 0;
  private held = 0;

  constructor(private readonly heldBytes = HELD_BODY_BYTES) {}

  /** Whether a body of `bytes` stays in memory (counted against the bound), or goes to the file. */
  holds(bytes: number): boolean {
    if (this.held + bytes > this.heldBytes) return false;
    this.held += bytes;
    return true;
  }

  /** Adds `data` at the end of the file (made on first use). */
  append(data: Buffer): SpooledRange {
    const at = this.end;
    if (data.length >= STAGE_BYTES) {
      this.flush();
      this.writeAt(data, at);
    } else {
      if (this.staged + data.length > STAGE_BYTES) this.flush();
      this.stage ??= Buffer.allocUnsafe(STAGE_BYTES);
      data.copy(this.stage, this.staged);
      this.staged += data.length;
    }
    this.end += data.length;
    return { at, bytes: data.length };
  }

  /** Adds `text` as UTF-8 at the end of the file, a megabyte at a time (never a second copy of a large body). */
  appendText(text: string): SpooledRange {
    const at = this.end;
    // A short text (most answers' literal runs) is encoded straight into the stage: no Buffer of its own.
    const bytes = text.length <= SHORT_TEXT ? Buffer.byteLength(text, 'utf8') : Infinity;
    if (bytes <= SHORT_TEXT) {
      if (this.staged + bytes > STAGE_BYTES) this.flush();
      this.stage ??= Buffer.allocUnsafe(STAGE_BYTES);
      this.staged += this.stage.write(text, this.staged, 'utf8');
      this.end += bytes;
      return { at, bytes };
    }
    for (let from = 0; from < text.length; ) {
      let to = Math.min(text.length, from + TEXT_CHUNK);
      // Never between the two halves of a surrogate pair: each half alone would be written as U+FFFD.
      if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1))) to--;
      this.append(Buffer.from(text.slice(from, to), 'utf8'));
      from = to;
    }
    return { at, bytes: this.end - at };
  }

  /** The bytes of `range`, in chunks of at most 64 KiB, read as they are asked for. */
  async *read(range: SpooledRange): AsyncGenerator<Buffer> {
    if (this.staged > 0) this.flush();
    const fd = this.fd;
    if (fd === undefined) throw new Error('the replay has been closed');
    for (let done = 0; done < range.bytes; ) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, range.bytes - done));
      const { bytesRead } = await readAt(fd, chunk, 0, chunk.length, range.at + done);
      if (bytesRead === 0) throw new Error('the replay spool file was cut short');
      done += bytesRead;
      yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
    }
  }

  /** The staged bytes written to the file. */
  private flush(): void {
    if (this.staged === 0 || !this.stage) return;
    this.writeAt(this.stage.subarray(0, this.staged), this.end - this.staged);
    this.staged = 0;
  }

  private writeAt(data: Buffer, at: number): void {
    const fd = this.open();
    for (let done = 0; done < data.length; ) done += writeSync(fd, data, done, data.length - done, at + done);
  }

  close(): void {
    this.staged = 0;
    this.stage = undefined;
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.leftover) {
      rmSync(this.leftover.folder, { recursive: true, force: true });
      this.leftover = undefined;
    }
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    const folder = mkdtempSync(join(tmpdir(), 'graphcheck-replay-'));
    const file = join(folder, 'bodies');
    this.fd = openSync(file, 'wx+', 0o600);
    try {
      unlinkSync(file);
      rmdirSync(folder);
    } catch {
      this.leftover = { file, folder };
    }
    return this.fd;
  }
}
