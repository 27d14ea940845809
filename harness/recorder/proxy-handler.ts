import type { IncomingHttpHeaders } from 'node:http';
import { type ClientAnswer, recorderAnswer, tooLargeAnswer } from '../http/answer.js';
import { type OversizeBody, tooLargeReason } from '../http/body-limit.js';
import type { CassetteSink } from './cassette-sink.js';
import { clientHeaders, forwardHeaders } from './forward-headers.js';
import { Forwarder, type ForwarderOptions, kindOf } from './forwarder.js';
import { OriginRewriter } from './origin-rewriter.js';

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

/**
 * What answers from a cassette before anything is forwarded (modes once, new_episodes, none): the replay's,
 * handed over by whoever composes the recorder with it. `undefined`: the cassette has no answer (the request is
 * forwarded then); a mode that never forwards gets an answer for every request (a miss's own).
 */
export type CassetteAnswer = (request: ClientRequest, clientBase: string) => ClientAnswer | undefined;

/**
 * The recording proxy's handler, whatever server received the request (the reverse proxy, or the HTTPS forward
 * proxy): the cassette answers first when the mode says so, else the request goes on to the target, the
 * exchange into the sink, and the answer back with the target's origin rewritten to the one the client used.
 */
export class ProxyHandler {
  private closing = false;
  /** Requests being forwarded now: with company, a write waits to be shared; alone, it goes out at once. */
  private inFlight = 0;
  private readonly forwarder: Forwarder | undefined;
  private readonly rewriter: OriginRewriter;

  constructor(
    target: string,
    /** Where forwarded exchanges go; absent: the mode never forwards. */
    private readonly sink: CassetteSink | undefined,
    private readonly fromCassette: CassetteAnswer | undefined,
    forwarding: ForwarderOptions,
  ) {
    this.forwarder = sink ? new Forwarder(target, forwarding) : undefined;
    this.rewriter = new OriginRewriter(target);
  }

  /** Answers one client request; `clientBase` is the origin the client used (`http://127.0.0.1:PORT`). */
  async handle(request: ClientRequest, clientBase: string): Promise<ClientAnswer> {
    const answered = this.fromCassette?.(request, clientBase);
    if (answered !== undefined) return answered;
    return this.forwardAndRecord(request, clientBase);
  }

  private async forwardAndRecord(request: ClientRequest, clientBase: string): Promise<ClientAnswer> {
    const forwarder = this.forwarder!;
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
    const written = this.sink!.append(exchange, this.inFlight > 0);
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
    const error = { code: 'REQUEST_TOO_LARGE', message: `the client's ${tooLargeReason('request', tooLarge)}` };
    const recorded = this.forwarder!.recordedRequest(request.method, request.target, forwardHeaders(request.headers), request.body);
    const started = new Date().toISOString();
    const exchange = { kind: kindOf(request.target), startedAt: started, durationMs: 0, error };
    await this.sink!.append({ ...exchange, request: { ...recorded, bodyOmitted: true, bodyTooLarge: tooLarge } }, true);
    return recorderAnswer(413, error);
  }

  /** Stops forwarding (an exchange still in flight is dropped), then closes the cassette. */
  async close(): Promise<void> {
    this.closing = true;
    await this.forwarder?.close();
    this.sink?.close();
  }
}
