import type { IncomingHttpHeaders } from 'node:http';
import type { RunDocument } from '../cassette/cassette-format.js';
import { CassetteWriter } from '../cassette/cassette-writer.js';
import { UserInputError } from '../errors.js';
import { type OversizeBody, tooLargeReason } from '../http/body-limit.js';
import type { Exchange } from '../model/exchange.js';
import type { MissExplanation } from '../replay/explain-miss.js';
import { loadReplay, replayEntry, type ReplaySource } from '../replay/load-replay.js';
import type { MatchMode } from '../replay/match-index.js';
import type { SecretMatching } from '../replay/normalize-request.js';
import { recorderAnswer, type RenderedResponse, tooLargeAnswer } from '../replay/response-template.js';
import { Replayer } from '../replay/replayer.js';
import { clientHeaders, forwardHeaders } from './forward-headers.js';
import { Forwarder, kindOf } from './forwarder.js';
import { OriginRewriter } from './origin-rewriter.js';
import { type ModePlan, planMode, type RecordMode } from './record-mode.js';

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
  /** Replaying modes: how a secret the request carries must agree with the recorded one (default `hash`). */
  secretMatching?: SecretMatching;
  log?: (text: string) => void;
  /** Connections kept to the target (default 64). */
  connections?: number;
  /** How long to wait on the target (default 60 s); then the client gets the recorder's 502. */
  timeoutMs?: number;
  /** The most bytes of one body held in memory (default 16 MiB, `--max-body`). */
  maxBodyBytes?: number;
}

export interface ClientRequest {
  method: string;
  /** Path and query as the client sent them. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body went past the limit: `body` is its first bytes only, and it is not forwarded. */
  bodyTooLarge?: OversizeBody;
  /** Aborts once the client has gone: the target's answer is no longer read, and nothing is recorded. */
  clientLeft?: AbortSignal;
}

/** What a recorded run adds to its cassette at the end: the run's facts, secrets in clear (they are redacted here). */
export type RunFacts = RunDocument['run'];

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
 * One recording: what a recorder does with each request, whatever server received it (the reverse proxy, or the
 * HTTPS forward proxy), and the one writer of its cassette. It answers from the cassette when the mode says so,
 * else forwards, records, and answers with the target's origin rewritten to the one the client used. A recorded
 * run (`run --record`) also appends through it the webhook requests its receivers got, where each rule's traffic
 * begins, and at the end the run document.
 */
export class RecordingSession {
  private written = 0;
  private closing = false;
  /** Requests being forwarded now: with company, a write waits to be shared; alone, it goes out at once. */
  private inFlight = 0;
  private readonly starts: Record<string, number> = {};

  private constructor(
    /** What the mode and the cassette on disk decided: replay, forward, start afresh. */
    readonly plan: ModePlan,
    private readonly writer: CassetteWriter | undefined,
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
          ...(options.secretMatching ? { secrets: options.secretMatching } : {}),
        })
      : undefined;
    const replayer = source ? new Replayer(source, { match: options.match, log: options.log }) : undefined;
    let writer: CassetteWriter | undefined;
    if (plan.forward) {
      writer = plan.fresh
        ? CassetteWriter.create(options.cassette, { target: options.target, ...redaction })
        : await reopenFor(options.cassette, options.target, redaction);
    }
    const forwarder = plan.forward
      ? new Forwarder(options.target, {
          connections: options.connections,
          timeoutMs: options.timeoutMs,
          maxBodyBytes: options.maxBodyBytes,
        })
      : undefined;
    return new RecordingSession(plan, writer, forwarder, replayer, source, new OriginRewriter(options.target));
  }

  /**
   * Whether what this session records goes into the cassette as sent: `--no-redact`, or a cassette reopened to go
   * on whose header has redaction off (its header decides, so one file never mixes redacted and clear secrets).
   */
  get writesSecrets(): boolean {
    return this.writer !== undefined && !this.writer.header.redaction.enabled;
  }

  /** How many exchanges the cassette held when the session started replaying it (0 when it does not replay). */
  get servable(): number {
    return this.source?.index.size ?? 0;
  }

  /** Answers one client request; `clientBase` is the origin the client used (`http://127.0.0.1:PORT`). */
  async handle(request: ClientRequest, clientBase: string): Promise<ClientAnswer> {
    if (this.replayer) {
      const found = this.replayer.lookup(this.replayer.normalize(request), clientBase);
      if (found.kind === 'answer') return found.response;
      if (found.kind === 'drop') return 'drop';
      if (!this.forwarder) return this.replayer.missResponse(found.miss);
    }
    return this.forwardAndRecord(request, clientBase);
  }

  /**
   * Appends an exchange that did not pass through the proxy (a webhook request that reached a receiver of the
   * run), redacted like every other. Does nothing when the mode never records.
   */
  record(exchange: Exchange): void {
    if (!this.writer || this.closing) return;
    void this.append(exchange);
  }

  /** A value the run generated from its seed and sends under a secret's name: the cassette keeps it as sent. */
  notSecret(value: string): void {
    this.writer?.notSecret(value);
  }

  /** A rule of a recorded run starts: its traffic begins at the next exchange (the run document's `rule_starts`). */
  ruleStarted(ruleId: string): void {
    this.starts[ruleId] = this.writer?.count ?? 0;
  }

  /** Per rule id, the cassette position of the rule's first exchange. */
  get ruleStarts(): Record<string, number> {
    return { ...this.starts };
  }

  /**
   * Ends a recorded run: appends the run document (every secret written as the cassette's placeholder for it, the
   * app secret as the stand-in) and closes the session.
   */
  async finish(run: RunFacts): Promise<void> {
    this.writer?.appendRunDocument(run);
    await this.close();
  }

  /**
   * Appends now (`soon` false: on disk when this returns) or with the other exchanges of this turn (the promise
   * settles once they are on disk).
   */
  private append(exchange: Exchange, soon = false): Promise<void> | undefined {
    const writer = this.writer as CassetteWriter;
    const { stored, written } = soon ? writer.appendSoon(exchange) : { stored: writer.append(exchange), written: undefined };
    this.written++;
    if (this.source) {
      this.source.resolver.add(writer.placeholders);
      this.source.index.addServed(replayEntry(stored, writer.count - 1, this.source));
    }
    return written;
  }

  private async forwardAndRecord(request: ClientRequest, clientBase: string): Promise<ClientAnswer> {
    const forwarder = this.forwarder as Forwarder;
    if (request.bodyTooLarge) return this.refuseLargeRequest(request, request.bodyTooLarge);
    this.inFlight++;
    let forwarded;
    try {
      forwarded = await forwarder.forward(request.method, request.target, request.headers, request.body, request.clientLeft);
    } finally {
      this.inFlight--;
    }
    const { exchange, body } = forwarded;
    // Cut off by close(), or the client gone: it never completed, and nobody is left to answer.
    if (this.closing || request.clientLeft?.aborted) return 'drop';
    // Written before the client hears back: an exchange the client saw complete is on disk.
    const written = this.append(exchange, this.inFlight > 0);
    if (written) await written;
    const { response } = exchange;
    if (!response) return recorderAnswer(502, exchange.error ?? { code: 'FORWARD_FAILED', message: 'no answer' });
    if (response.bodyTooLarge || !body) return tooLargeAnswer(response.bodyTooLarge as OversizeBody);
    const out = this.rewriter.body(body, clientBase, response.bodyEncoding !== 'base64');
    const length = request.method.toUpperCase() === 'HEAD' ? undefined : out.length;
    const headers = clientHeaders(response.headers, length, (v) => this.rewriter.text(v, clientBase));
    return { status: response.status, headers, body: out };
  }

  /** A request body past the limit is not forwarded (it was not kept): recorded as such, and refused with 413. */
  private async refuseLargeRequest(request: ClientRequest, tooLarge: OversizeBody): Promise<ClientAnswer> {
    const forwarder = this.forwarder as Forwarder;
    const error = { code: 'REQUEST_TOO_LARGE', message: `the client's ${tooLargeReason('request', tooLarge)}` };
    const recorded = forwarder.recordedRequest(request.method, request.target, forwardHeaders(request.headers), request.body);
    const started = new Date().toISOString();
    const exchange = { kind: kindOf(request.target), startedAt: started, durationMs: 0, error };
    await this.append({ ...exchange, request: { ...recorded, bodyOmitted: true, bodyTooLarge: tooLarge } }, true);
    return recorderAnswer(413, error);
  }

  /** Exchanges this session wrote. */
  recorded(): number {
    return this.written - (this.writer?.lost.exchanges ?? 0);
  }

  /** Exchanges the cassette could not take (a full disk; the file was cut back to its whole documents), and why. */
  lost(): { exchanges: number; reason?: string } {
    return this.writer?.lost ?? { exchanges: 0 };
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
