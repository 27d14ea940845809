import type { IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';
import { storeBody } from '../http/stored-body.js';
import { DEFAULT_MAX_BODY } from '../http/body-limit.js';
import { readStream } from '../http/read-body.js';
import { preciseNowMs } from '../precise-now.js';
import type { Exchange, ExchangeKind, Headers, RecordedRequest } from '../model/exchange.js';
import { forwardHeaders, responseHeaders } from './forward-headers.js';

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
  /** Bounds the wait for the answer's headers and between its body's chunks (default 60 s). */
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

  constructor(target: string, options: ForwarderOptions = {}) {
    const url = new URL(target);
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.base = url.origin + this.basePath;
    this.host = url.host;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
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

  async forward(method: string, target: string, clientHeaders: IncomingHttpHeaders, body: Buffer): Promise<Forwarded> {
    const startedAt = new Date().toISOString();
    const startedAtMs = preciseNowMs();
    const t0 = performance.now();
    const headers = forwardHeaders(clientHeaders);
    const request = this.recordedRequest(method, target, headers, body);
    const kind = kindOf(target);
    try {
      const answer = await this.pool.request({
        method,
        path: this.basePath + target,
        headers,
        body: body.length > 0 ? body : undefined,
      });
      const { bytes, tooLarge } = await readStream(answer.body, this.maxBodyBytes);
      const response = {
        status: answer.statusCode,
        headers: responseHeaders(answer.headers),
        ...storeBody(bytes),
        ...(tooLarge ? { bodyOmitted: true, bodyTooLarge: tooLarge } : {}),
      };
      const durationMs = performance.now() - t0;
      return {
        exchange: { kind, request, response, startedAt, startedAtMs, durationMs },
        ...(tooLarge ? {} : { body: bytes }),
      };
    } catch (error) {
      const e = error as Error & { code?: string };
      const durationMs = performance.now() - t0;
      return {
        exchange: {
          kind,
          request,
          error: { code: e.code ?? 'FORWARD_FAILED', message: e.message },
          startedAt,
          startedAtMs,
          durationMs,
        },
      };
    }
  }

  /** Drops requests still waiting on the target: a target that hangs must not keep the recorder from stopping. */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
