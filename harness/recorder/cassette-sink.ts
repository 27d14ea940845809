import type { RunDocument } from '../cassette/cassette-format.js';
import { CassetteWriter } from '../cassette/cassette-writer.js';
import { UserInputError } from '../errors.js';
import type { Exchange } from '../model/exchange.js';

export interface SinkOptions {
  /** Base URL of the target the cassette's exchanges come from. */
  target: string;
  /** Redact secrets (default true). */
  redact?: boolean;
  appSecret?: string;
  secrets?: string[];
}

/** Told of each exchange the sink stored, with its position: a replaying mode can answer it from now on. */
export type StoredListener = (stored: Exchange, index: number, placeholders: CassetteWriter['placeholders']) => void;

/**
 * The cassette of a recording, and its one writer: the exchanges the proxy forwarded, the webhook requests a
 * recorded run's receivers got (`record`, as an arrival sink), where each rule's traffic begins, and at the end
 * the run document. Redaction happens in the writer, so nothing reaches the file in clear unless `--no-redact`.
 */
export class CassetteSink {
  private closing = false;
  private readonly starts: Record<string, number> = {};
  private readonly listeners: StoredListener[] = [];

  /** Exchanges the cassette held before this sink (one reopened to go on). */
  private readonly before: number;

  private constructor(private readonly writer: CassetteWriter) {
    this.before = writer.count;
  }

  /** A new cassette (replacing any file), or an existing one continued (`fresh` false). */
  static async open(cassette: string, fresh: boolean, options: SinkOptions): Promise<CassetteSink> {
    const redaction = { redact: options.redact, appSecret: options.appSecret, secrets: options.secrets };
    const writer = fresh ? CassetteWriter.create(cassette, { target: options.target, ...redaction }) : await reopenFor(cassette, options.target, redaction);
    return new CassetteSink(writer);
  }

  onStored(listener: StoredListener): void {
    this.listeners.push(listener);
  }

  /**
   * Appends now (`soon` false: on disk when this returns) or with the other exchanges of this turn (the promise
   * settles once they are on disk).
   */
  append(exchange: Exchange, soon = false): Promise<void> | undefined {
    const { writer } = this;
    const { stored, written } = soon ? writer.appendSoon(exchange) : { stored: writer.append(exchange), written: undefined };
    for (const listener of this.listeners) listener(stored, writer.count - 1, writer.placeholders);
    return written;
  }

  /** An exchange that did not pass through the proxy (a webhook request a receiver of the run got), redacted like every other. */
  record(exchange: Exchange): void {
    if (!this.closing) void this.append(exchange);
  }

  /** A value the run generated from its seed and sends under a secret's name: the cassette keeps it as sent. */
  notSecret(value: string): void {
    this.writer.notSecret(value);
  }

  /** A rule of a recorded run starts: its traffic begins at the next exchange (the run document's `rule_starts`). */
  ruleStarted(ruleId: string): void {
    this.starts[ruleId] = this.writer.count;
  }

  /** Per rule id, the cassette position of the rule's first exchange. */
  get ruleStarts(): Record<string, number> {
    return { ...this.starts };
  }

  /** Appends a recorded run's document (every secret as the cassette's placeholder, the app secret as the stand-in). */
  appendRunDocument(run: RunDocument['run']): void {
    this.writer.appendRunDocument(run);
  }

  /**
   * Exchanges this sink wrote that the cassette holds: counted by the writer, which numbers every exchange it was
   * given and takes back those a failed write lost, whether the write failed at once (the append threw) or with
   * others of its turn.
   */
  recorded(): number {
    return this.writer.count - this.before;
  }

  /** Exchanges the cassette could not take (a full disk; the file was cut back to its whole documents), and why. */
  lost(): { exchanges: number; reason?: string } {
    return this.writer.lost;
  }

  /** Nothing more is written; an exchange still being forwarded is dropped. */
  get closed(): boolean {
    return this.closing;
  }

  close(): void {
    this.closing = true;
    this.writer.close();
  }
}

/** Appended exchanges must come from the target the cassette names: replay rewrites that one address only. */
async function reopenFor(cassette: string, target: string, redaction: Parameters<typeof CassetteWriter.reopen>[1]): Promise<CassetteWriter> {
  const writer = await CassetteWriter.reopen(cassette, redaction);
  const recorded = writer.header.target;
  if (recorded === target.replace(/\/+$/, '')) return writer;
  writer.close();
  throw new UserInputError(
    'USAGE',
    `${cassette}: recorded against ${recorded}, not --target ${target}: record into a new cassette, or use --mode all to start this one afresh`,
  );
}
