import { RECORDER_ERROR_HEADER } from '../headers.js';
import type { IncomingHttpHeaders } from 'node:http';
import { CassetteWriter } from '../cassette/cassette-writer.js';
import { UserInputError } from '../errors.js';
import type { MissExplanation } from '../replay/explain-miss.js';
import { loadReplay, replayEntry, type ReplaySource } from '../replay/load-replay.js';
import type { MatchMode } from '../replay/match-index.js';
import type { RenderedResponse } from '../replay/response-template.js';
import { Replayer } from '../replay/replayer.js';
import { clientHeaders } from './forward-headers.js';
import { Forwarder } from './forwarder.js';
import { OriginRewriter } from './origin-rewriter.js';
import { planMode, type RecordMode } from './record-mode.js';

export interface RecordingOptions {
  /** Base URL of the target requests are forwarded to. */
  target: string;
  cassette: string;
  mode?: RecordMode;
  /** Redact secrets (default true). */
  redact?: boolean;
  appSecret?: string;
  secrets?: string[];
  match?: MatchMode;
  ignoreVersion?: boolean;
  log?: (text: string) => void;
  /** Connections kept to the target (default 64). */
  connections?: number;
  /** How long to wait on the target (default 60 s); then the client gets the recorder's 502. */
  timeoutMs?: number;
}


export interface ClientRequest {
  method: string;
  /** Path and query as the client sent them. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Appended exchanges must come from the target the cassette names: replay rewrites that one address only. */
async function reopenFor(
  cassette: string,
  target: string,
  redaction: Parameters<typeof CassetteWriter.reopen>[1],
): Promise<CassetteWriter> {
  const writer = await CassetteWriter.reopen(cassette, redaction);
  const recorded = writer.header.target;
  if (recorded === target.replace(/\/+$/, '')) return writer;
  writer.close();
  throw new UserInputError(
    'USAGE',
    `${cassette}: recorded against ${recorded}, not --target ${target}: record into a new cassette, or use --mode all to start this one afresh`,
  );
}

function checkTarget(target: string): void {
  let protocol = '';
  try {
    protocol = new URL(target).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new UserInputError('USAGE', `--target ${target}: not an http(s) URL; give the target's base URL`);
  }
}

/** What to send the client: an answer, or nothing (the connection is dropped, as the recording had it). */
export type ClientAnswer = RenderedResponse | 'drop';

/**
 * What a recorder does with one request, whatever server received it (the reverse proxy, or the HTTPS
 * forward proxy): answer from the cassette when the mode says so, else forward, record, and answer with
 * the target's origin rewritten to the one the client used.
 */
export class RecordingSession {
  private written = 0;
  private closing = false;

  private constructor(
    readonly writer: CassetteWriter | undefined,
    private readonly forwarder: Forwarder | undefined,
    private readonly replayer: Replayer | undefined,
    private readonly source: ReplaySource | undefined,
    private readonly rewriter: OriginRewriter,
  ) {}

  static async start(options: RecordingOptions): Promise<RecordingSession> {
    checkTarget(options.target);
    const plan = await planMode(options.mode ?? 'once', options.cassette);
    const redaction = {
      redact: options.redact,
      appSecret: options.appSecret,
      secrets: options.secrets,
    };
    const source = plan.replay
      ? await loadReplay(options.cassette, {
          ignoreVersion: options.ignoreVersion,
        })
      : undefined;
    const replayer = source ? new Replayer(source, { match: options.match, log: options.log }) : undefined;
    let writer: CassetteWriter | undefined;
    if (plan.forward) {
      writer = plan.fresh
        ? CassetteWriter.create(options.cassette, {
            target: options.target,
            ...redaction,
          })
        : await reopenFor(options.cassette, options.target, redaction);
    }
    const forwarder = plan.forward ? new Forwarder(options.target, options.connections, options.timeoutMs) : undefined;
    return new RecordingSession(writer, forwarder, replayer, source, new OriginRewriter(options.target));
  }

  /** Answers one client request; `clientBase` is the origin the client used (`http://127.0.0.1:PORT`). */
  async handle(request: ClientRequest, clientBase: string): Promise<ClientAnswer> {
    if (this.replayer) {
      const found = this.replayer.lookup(this.replayer.normalize(request), clientBase);
      if (found.kind === 'answer') return found.response;
      if (found.kind === 'drop') return 'drop';
      if (!this.forwarder) return this.replayer.missResponse(found.miss);
    }
    return this.record(request, clientBase);
  }

  private async record(request: ClientRequest, clientBase: string): Promise<ClientAnswer> {
    const forwarder = this.forwarder as Forwarder;
    const writer = this.writer as CassetteWriter;
    const { exchange, body } = await forwarder.forward(
      request.method,
      request.target,
      request.headers,
      request.body,
    );
    // Cut off by close(): it never completed, and nobody is left to answer.
    if (this.closing) return 'drop';
    // Written before the client hears back: an exchange the client saw complete is on disk.
    const stored = writer.append(exchange);
    this.written++;
    if (this.source) {
      this.source.resolver.add(writer.placeholders);
      this.source.index.addServed(replayEntry(stored, writer.count - 1, this.source));
    }
    if (!exchange.response || !body) {
      const message = Buffer.from(JSON.stringify({ graphcheck_recorder_error: exchange.error }));
      const headers = ['content-type', 'application/json', 'content-length', String(message.length)];
      headers.push(RECORDER_ERROR_HEADER, exchange.error?.code ?? 'FORWARD_FAILED');
      return { status: 502, headers, body: message };
    }
    const { response } = exchange;
    const out = this.rewriter.body(
      body,
      clientBase,
      response.bodyEncoding === 'base64' ? undefined : response.body,
    );
    const length = request.method.toUpperCase() === 'HEAD' ? undefined : out.length;
    const headers = clientHeaders(response.headers, length, (v) => this.rewriter.text(v, clientBase));
    return { status: response.status, headers, body: out };
  }

  /** Exchanges this session wrote. */
  recorded(): number {
    return this.written;
  }

  misses(): readonly MissExplanation[] {
    return this.replayer?.misses() ?? [];
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.forwarder?.close();
    this.writer?.close();
  }
}
