import type { IncomingHttpHeaders } from 'node:http';
import { type Dispatcher, Pool } from 'undici';
import { storeBody } from '../http/stored-body.js';
import { BodyCollector, type BoundedBody, DEFAULT_MAX_BODY } from '../http/body-limit.js';
import { preciseNowMs } from '../precise-now.js';
import type { Exchange, ExchangeKind, Headers, RecordedRequest } from '../model/exchange.js';
import { forwardHeaders, responseHeaders } from './forward-headers.js';
import { ExchangeCut } from '../errors.js';

/** What the target answered, as bytes for the client and as an exchange for the cassette. */
export interface Forwarded {
  exchange: Exchange;
  /** The response body exactly as the target sent it (absent when no whole response came). */
  body?: Buffer;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export interface ForwarderOptions {
  /** Connections kept to the target (default 64). */
  connections?: number;
  /**
   * Bounds the wait for the answer's headers, between its body's chunks, and the whole exchange (default 60 s): an
   * answer that never ends is cut there, not read forever.
   */
  timeoutMs?: number;
  /** The most bytes of one answer held (default 16 MiB); past it only size, hash and first bytes are kept. */
  maxBodyBytes?: number;
}

/** Requests under the control prefix are the control protocol's, everything else the interface's. */
export function kindOf(path: string): ExchangeKind {
  return path.startsWith('/_control') ? 'control' : 'api';
}

/**
 * Sends requests on to the target over one undici pool (kept-alive connections), measuring each and
 * building the exchange the cassette keeps: what was sent to the target and what it answered.
 */
export class Forwarder {
  readonly base: string;
  private readonly basePath: string;
  private readonly host: string;
  private readonly pool: Pool;
  private readonly maxBodyBytes: number;
  private readonly timeoutMs: number;

  constructor(target: string, options: ForwarderOptions = {}) {
    const url = new URL(target);
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.base = url.origin + this.basePath;
    this.host = url.host;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.timeoutMs = timeout;
    this.pool = new Pool(url.origin, {
      connections: options.connections ?? 64,
      pipelining: 1,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
  }

  /** The request as the target receives it (what the cassette keeps); `headers` as `forwardHeaders` made them. */
  recordedRequest(method: string, target: string, headers: Headers, body: Buffer): RecordedRequest {
    return {
      method,
      url: this.base + target,
      headers: { host: this.host, ...headers },
      ...(body.length > 0 ? storeBody(body) : {}),
    };
  }

  /** Forwards one request; `clientLeft` aborts it (the target's answer is no longer read) when the client goes. */
  async forward(
    method: string,
    target: string,
    clientHeaders: IncomingHttpHeaders,
    body: Buffer,
    clientLeft?: AbortSignal,
  ): Promise<Forwarded> {
    const startedAt = new Date().toISOString();
    const startedAtMs = preciseNowMs();
    const t0 = performance.now();
    const headers = forwardHeaders(clientHeaders);
    const request = this.recordedRequest(method, target, headers, body);
    const kind = kindOf(target);
    const answer = await sendOver(this.pool, {
      method: method as Dispatcher.HttpMethod,
      path: this.basePath + target,
      headers,
      body: body.length > 0 ? body : null,
    }, { limit: this.maxBodyBytes, deadlineMs: this.timeoutMs, ...(clientLeft ? { clientLeft } : {}) });
    const durationMs = performance.now() - t0;
    if ('error' in answer) {
      const { error } = answer;
      return { exchange: { kind, request, error, startedAt, startedAtMs, durationMs } };
    }
    const { bytes, tooLarge } = answer.body;
    const response = {
      status: answer.status,
      headers: responseHeaders(answer.headers),
      ...storeBody(bytes),
      ...(tooLarge ? { bodyOmitted: true, bodyTooLarge: tooLarge } : {}),
    };
    return {
      exchange: { kind, request, response, startedAt, startedAtMs, durationMs },
      ...(tooLarge ? {} : { body: bytes }),
    };
  }

  /** Drops requests still waiting on the target: a target that hangs must not keep the recorder from stopping. */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}

type Answer =
  | { status: number; headers: Record<string, string | string[] | undefined>; body: BoundedBody }
  | { error: { code: string; message: string } };

/** What bounds one exchange: the body held, the time it may take, and the client still waiting for it. */
interface ExchangeBounds {
  limit: number;
  deadlineMs: number;
  clientLeft?: AbortSignal;
}

/**
 * One request over the pool, its answer's body gathered under `limit`. The low-level handler API, not `request()`:
 * the recorder holds every body whole anyway, and the body stream `request()` builds per answer cost about a tenth
 * of a forwarded exchange's CPU (bench/README.md). The request is aborted at the deadline, or once the client
 * leaves: an endless answer used to be read on after the client left, 0.6 of a core for as long as it lasted.
 */
function sendOver(pool: Pool, options: Dispatcher.DispatchOptions, bounds: ExchangeBounds): Promise<Answer> {
  return new Promise((resolve) => {
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const collector = new BodyCollector(bounds.limit);
    let abort: ((reason: Error) => void) | undefined;
    let cut: ExchangeCut | undefined;
    const stop = (reason: ExchangeCut): void => {
      cut ??= reason;
      abort?.(reason);
    };
    const deadline = setTimeout(() => stop(new ExchangeCut('TIMEOUT', `no whole answer within ${bounds.deadlineMs} ms`)), bounds.deadlineMs);
    const onClientLeft = (): void => stop(new ExchangeCut('CLIENT_LEFT', 'the client closed the connection before the answer'));
    bounds.clientLeft?.addEventListener('abort', onClientLeft, { once: true });
    const settle = (answer: Answer): void => {
      clearTimeout(deadline);
      bounds.clientLeft?.removeEventListener('abort', onClientLeft);
      resolve(answer);
    };
    const failed = (error: unknown): void => {
      const e = (cut ?? error) as Error & { code?: string };
      settle({ error: { code: e.code ?? 'FORWARD_FAILED', message: e.message } });
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: (controller) => {
        abort = (reason) => controller.abort(reason);
        if (cut) controller.abort(cut);
      },
      // A 1xx answer comes before the final one: the last call is the answer.
      onResponseStart: (_controller, statusCode, responseHeaders) => {
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData: (_controller, chunk) => collector.add(chunk),
      onResponseEnd: () => settle({ status, headers, body: collector.finish() }),
      onResponseError: (_controller, error) => failed(error),
    };
    try {
      pool.dispatch(options, handler);
    } catch (error) {
      failed(error);
    }
  });
}
