import { createHash, type Hash } from 'node:crypto';

/** How much of one body graphcheck holds in memory unless told otherwise (`--max-body`). */
export const DEFAULT_MAX_BODY = 16 * 1024 * 1024;

/** What is kept of a body past the limit, besides its size and hash: enough to see what it was. */
const KEPT_HEAD_BYTES = 4096;

/** A body larger than the limit: kept as its size and SHA-256 (of every byte read), and its first bytes. */
export interface OversizeBody {
  size: number;
  sha256: string;
  /** The limit it went past, in bytes. */
  limit: number;
}

/** A body as read under a limit: every byte, or (past the limit) its first bytes and what `OversizeBody` says. */
export interface BoundedBody {
  bytes: Buffer;
  tooLarge?: OversizeBody;
}

/**
 * Gathers a body chunk by chunk up to `limit` bytes. Past it, the chunks held so far go into a running SHA-256
 * and are dropped but for the first bytes: a body of any size costs the limit in memory at most, never more.
 */
export class BodyCollector {
  private chunks: Buffer[] = [];
  private size = 0;
  private hash: Hash | undefined;
  private head: Buffer | undefined;

  constructor(readonly limit: number = DEFAULT_MAX_BODY) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.hash) {
      this.hash.update(chunk);
      return;
    }
    this.chunks.push(chunk);
    if (this.size <= this.limit) return;
    this.hash = createHash('sha256');
    for (const held of this.chunks) this.hash.update(held);
    this.head = headOf(this.chunks);
    this.chunks = [];
  }

  /** True once the body went past the limit. */
  get overflowed(): boolean {
    return this.hash !== undefined;
  }

  finish(): BoundedBody {
    if (this.hash && this.head) {
      return { bytes: this.head, tooLarge: { size: this.size, sha256: this.hash.digest('hex'), limit: this.limit } };
    }
    const bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    return { bytes };
  }
}

/** The first `KEPT_HEAD_BYTES` of a list of chunks, copied (the chunks are about to be dropped). */
function headOf(chunks: Buffer[]): Buffer {
  const head = Buffer.alloc(Math.min(KEPT_HEAD_BYTES, chunks.reduce((n, c) => n + c.length, 0)));
  let at = 0;
  for (const chunk of chunks) {
    if (at >= head.length) break;
    at += chunk.copy(head, at, 0, Math.min(chunk.length, head.length - at));
  }
  return head;
}

/** `16 MiB`, `512 KiB`, `100 bytes`: a byte count in messages people read. */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The one-line reason a rule cannot judge an oversize body: `answer larger than 16 MiB (52428800 bytes, sha256 ...)`. */
export function tooLargeReason(what: 'answer' | 'request', body: OversizeBody): string {
  // A body dropped unread (the forward proxy's) has no hash, and its size only when it was announced.
  const seen = body.sha256 ? ` (${body.size} bytes, sha256 ${body.sha256.slice(0, 16)}...)` : body.size > 0 ? ` (${body.size} bytes)` : '';
  return `${what} larger than ${sizeWords(body.limit)}${seen}: not read; raise --max-body to judge it`;
}
