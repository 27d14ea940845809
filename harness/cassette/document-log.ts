import { closeSync, fstatSync, ftruncateSync } from 'node:fs';
import { writeAll, writeFailed } from './cassette-file-writes.js';

/** Documents waiting for one write, and how many of them are exchanges (counted as lost if the write fails). */
interface Pending {
  text: string;
  exchanges: number;
}

/**
 * A cassette file's documents as they are appended: each batch in one synchronous write, so concurrent callers
 * never interleave and a document on disk survives a crash of this process. A write that fails (a full disk) is
 * cut back to the last whole document, so the cassette stays readable and later documents follow it once there is
 * room again; `lost` says what went.
 */
export class DocumentLog {
  private fd: number | undefined;
  private pending: Pending[] = [];
  /** Bytes of whole documents in the file: where a failed write is cut back to. */
  private size: number;
  private lostExchanges = 0;
  private lostBecause: string | undefined;
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private flushScheduled = false;

  constructor(
    private readonly file: string,
    fd: number,
  ) {
    this.fd = fd;
    this.size = fstatSync(fd).size;
  }

  /** Exchanges that could not be written (the file was cut back to the documents before them), and why. */
  get lost(): { exchanges: number; reason?: string } {
    return this.lostBecause === undefined ? { exchanges: 0 } : { exchanges: this.lostExchanges, reason: this.lostBecause };
  }

  /** Queues a document (`exchanges`: how many exchanges it holds); nothing is written until a flush. */
  push(text: string, exchanges: number): void {
    if (this.fd === undefined) throw new Error(`cassette ${this.file} is closed`);
    this.pending.push({ text, exchanges });
  }

  /**
   * The queued documents written with every other document queued in the same turn of the event loop (a recorder
   * at 50 connections completes several at once): one system call instead of one each. Settles once on disk.
   */
  flushSoon(): Promise<void> {
    const written = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return written;
  }

  /** Writes every pending document in one call, then tells those waiting; a failed write fails them all. */
  flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    const text = batch.length === 1 ? batch[0]!.text : batch.map((p) => p.text).join('');
    const waiting = this.waiting;
    this.pending = [];
    this.waiting = [];
    try {
      if (this.fd === undefined) throw new Error(`cassette ${this.file} is closed`);
      this.size += writeAll(this.fd, text, this.size);
    } catch (cause) {
      const error = writeFailed(this.file, cause);
      this.cutBack(batch, cause);
      for (const w of waiting) w.reject(error);
      if (waiting.length === 0) throw error;
      return;
    }
    for (const w of waiting) w.resolve();
  }

  /** After a failed write: the file back to its whole documents, the batch's exchanges counted as lost. */
  private cutBack(batch: Pending[], cause: unknown): void {
    this.lostExchanges += batch.reduce((n, p) => n + p.exchanges, 0);
    this.lostBecause ??= (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
    try {
      if (this.fd !== undefined) ftruncateSync(this.fd, this.size);
    } catch {
      // The file cannot even shrink: what was written of the batch stays, and the reader names its lines.
    }
  }

  get closed(): boolean {
    return this.fd === undefined;
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
