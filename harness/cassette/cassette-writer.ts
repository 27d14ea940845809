import { randomBytes } from 'node:crypto';
import { closeSync } from 'node:fs';
import { UserInputError } from '../errors.js';
import type { Exchange } from '../model/exchange.js';
import {
  CASSETTE_FORMAT,
  type CassetteHeader,
  exchangeComment,
  type RunDocument,
  orderedForWriting,
  serializeDocument,
} from './cassette-format.js';
import { openCassette } from './cassette-reader.js';
import { openForWriting, writeAll, writeFailed } from './cassette-file-writes.js';
import { DocumentLog } from './document-log.js';
import type { PlaceholderInfo } from '../redaction/placeholder.js';
import { Redactor, type RedactorOptions } from '../redaction/redactor.js';
import { REDACTION_RULES } from '../redaction/secret-params.js';
import { VERSION } from '../version.js';

export interface CassetteWriterOptions extends Omit<RedactorOptions, 'standInSecret'> {
  /** Base URL of the target; replay rewrites this origin to its own. */
  target: string;
  /** Redact secrets (default true). */
  redact?: boolean;
  source?: CassetteHeader['source'];
}

export const GRAPHCHECK_VERSION = VERSION;

function newHeader(options: CassetteWriterOptions): CassetteHeader {
  const header: CassetteHeader = {
    graphcheck_cassette: CASSETTE_FORMAT,
    target: options.target.replace(/\/+$/, ''),
    recorded_at: new Date().toISOString(),
    recorder: { name: 'graphcheck', version: GRAPHCHECK_VERSION },
    redaction: { enabled: options.redact !== false },
  };
  if (options.source) header.source = options.source;
  if (header.redaction.enabled) {
    header.redaction.rules = [...REDACTION_RULES];
    header.redaction.salt = randomBytes(16).toString('hex');
    // No word of the kit's at its start: reports hide it (a repeat signs with it), a quote cut short of it too.
    if (options.appSecret)
      header.redaction.app_secret_stand_in = `GCKstandin${randomBytes(12).toString('hex')}`;
    header.redaction.placeholders = {};
  }
  return header;
}

/**
 * Appends exchanges to a cassette as they complete, each redacted (unless redaction is off) and numbered, with any
 * placeholders it introduces written before it. Each goes to the file in one synchronous write (`DocumentLog`), so
 * once `append` returns the exchange survives a crash of this process, and concurrent callers (the recorder, the
 * webhook receiver) never interleave; a write that fails is cut back, and `lost` says what went.
 */
export class CassetteWriter {
  private readonly redactor: Redactor | undefined;
  private readonly log: DocumentLog;

  private constructor(
    readonly file: string,
    readonly header: CassetteHeader,
    fd: number,
    /** Exchanges appended, those lost to a failed write included. */
    private appended: number,
    options: RedactorOptions,
  ) {
    this.log = new DocumentLog(file, fd);
    const { redaction } = header;
    if (redaction.enabled && redaction.salt) {
      this.redactor = new Redactor(redaction.salt, redaction.placeholders ?? {}, {
        ...options,
        standInSecret: redaction.app_secret_stand_in,
      });
    }
  }

  /** Starts a new cassette at `file` (replacing any file there) and writes its header. */
  static create(file: string, options: CassetteWriterOptions): CassetteWriter {
    return CassetteWriter.createWithHeader(file, newHeader(options), options);
  }

  /** Starts a new cassette with a given header (re-redaction keeps the salt and placeholders it had). */
  static createWithHeader(
    file: string,
    header: CassetteHeader,
    options: RedactorOptions = {},
  ): CassetteWriter {
    const fd = openForWriting(file, 'w');
    try {
      writeAll(fd, serializeDocument(header, 'graphcheck cassette: header, then one document per exchange'), 0);
    } catch (cause) {
      closeSync(fd);
      throw writeFailed(file, cause);
    }
    const copy = {
      ...header,
      redaction: {
        ...header.redaction,
        placeholders: { ...header.redaction.placeholders },
      },
    };
    return new CassetteWriter(file, copy, fd, 0, options);
  }

  /** Continues an existing cassette: same salt and placeholders, so the same secret keeps its placeholder. */
  static async reopen(
    file: string,
    options: Omit<CassetteWriterOptions, 'target'> = {},
  ): Promise<CassetteWriter> {
    const cassette = await openCassette(file);
    const { enabled, salt } = cassette.header.redaction;
    // A file someone else wrote does not decide that secrets go into it in clear: only --no-redact does. (Without
    // a salt there is no way to add placeholders replay can match to those already there.)
    if (options.redact !== false && (!enabled || !salt)) {
      const why = enabled ? 'its header has redaction on but no salt' : 'its header has redaction off';
      throw new UserInputError(
        'USAGE',
        `${file}: ${why}, so what is recorded would go into it as sent: give --no-redact to go on writing secrets into it, --mode all to start it afresh redacted, or another --cassette`,
      );
    }
    let count = 0;
    for await (const _ of cassette.entries()) count++;
    const header = {
      ...cassette.header,
      redaction: {
        ...cassette.header.redaction,
        placeholders: cassette.placeholders,
      },
    };
    return new CassetteWriter(file, header, openForWriting(file, 'a'), count, options);
  }

  /** Every placeholder of the cassette so far (the header's and those added since). */
  get placeholders(): Readonly<Record<string, PlaceholderInfo>> {
    return this.header.redaction.placeholders ?? {};
  }

  /** Exchanges in the cassette so far. */
  get count(): number {
    return this.appended - this.log.lost.exchanges;
  }

  /** Exchanges that could not be written (the file was cut back to the documents before them), and why. */
  get lost(): { exchanges: number; reason?: string } {
    return this.log.lost;
  }

  /** A value sent under a secret's name that is none: it is not redacted (see `Redactor.notSecret`). */
  notSecret(value: string): void {
    this.redactor?.notSecret(value);
  }

  /** Redacts (unless redaction is off) and appends one exchange, written once this returns; returns it as stored. */
  append(exchange: Exchange): Exchange {
    const stored = this.enqueue(exchange);
    this.log.flush();
    return stored;
  }

  /**
   * As `append`, but the write is shared with every exchange appended in the same turn of the event loop (a
   * recorder at 50 connections completes several at once): one system call instead of one each. The exchange
   * is numbered and redacted now; the promise settles once it is on disk, so a client answered then has its
   * exchange in the file.
   */
  appendSoon(exchange: Exchange): { stored: Exchange; written: Promise<void> } {
    const stored = this.enqueue(exchange);
    return { stored, written: this.log.flushSoon() };
  }

  private enqueue(exchange: Exchange): Exchange {
    if (this.log.closed) throw new Error(`cassette ${this.file} is closed`);
    let stored = exchange;
    if (this.redactor) {
      const { exchange: redacted, added } = this.redactor.redact(exchange);
      stored = redacted;
      const placeholders = this.placeholdersDocument(added);
      if (placeholders) this.log.push(placeholders, 0);
    }
    this.log.push(serializeDocument(orderedForWriting(stored), exchangeComment(this.count, stored)), 1);
    this.appended++;
    return stored;
  }

  /**
   * Appends the run document of `run --record`, redacted: secrets become the cassette's placeholders (those never
   * seen in traffic get one now), the app secret its stand-in.
   */
  appendRunDocument(run: RunDocument['run']): void {
    if (this.log.closed) throw new Error(`cassette ${this.file} is closed`);
    let text = '';
    let stored = run;
    if (this.redactor) {
      // The verify token is the run's own secret even where no traffic carried it.
      if (run.webhooks?.verify_token) this.redactor.learnSecret('verify_token', run.webhooks.verify_token);
      const { value, added } = this.redactor.document(run);
      stored = value;
      text += this.placeholdersDocument(added);
    }
    text += serializeDocument({ run: stored }, 'the run, for `graphcheck run --cassette`');
    this.log.push(text, 0);
    this.log.flush();
  }

  /** The placeholders document for `added` (empty text when none), remembered in the header's table. */
  private placeholdersDocument(added: Record<string, PlaceholderInfo>): string {
    if (Object.keys(added).length === 0) return '';
    this.header.redaction.placeholders = { ...this.header.redaction.placeholders, ...added };
    return serializeDocument({ placeholders: added });
  }

  close(): void {
    this.log.close();
  }
}
