import type { IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';
import { storeBody } from '../cassette/body.js';
import { preciseNowMs } from '../precise-now.js';
import type { Exchange, ExchangeKind } from '../model/exchange.js';
import { forwardHeaders, responseHeaders } from './forward-headers.js';

/** What the target answered, as bytes for the client and as an exchange for the cassette. */
export interface Forwarded {
  exchange: Exchange;
  /** The response body exactly as the target sent it (absent when no response came). */
  body?: Buffer;
}

const DEFAULT_TIMEOUT_MS = 60_000;

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

  /** `timeoutMs` bounds the wait for the answer's headers and between its body's chunks. */
  constructor(target: string, connections = 64, timeoutMs = DEFAULT_TIMEOUT_MS) {
    const url = new URL(target);
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.base = url.origin + this.basePath;
    this.host = url.host;
    this.pool = new Pool(url.origin, { connections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  }

  async forward(
    method: string,
    target: string,
    clientHeaders: IncomingHttpHeaders,
    body: Buffer,
  ): Promise<Forwarded> {
    const startedAt = new Date().toISOString();
    const startedAtMs = preciseNowMs();
    const t0 = performance.now();
    const headers = forwardHeaders(clientHeaders);
    const path = this.basePath + target;
    const request = {
      method,
      url: this.base + target,
      headers: { host: this.host, ...headers },
      ...(body.length > 0 ? storeBody(body) : {}),
    };
    const kind = kindOf(target);
    try {
      const answer = await this.pool.request({
        method,
        path,
        headers,
        body: body.length > 0 ? body : undefined,
      });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      const response = {
        status: answer.statusCode,
        headers: responseHeaders(answer.headers),
        ...storeBody(bytes),
      };
      const durationMs = performance.now() - t0;
      return {
        exchange: { kind, request, response, startedAt, startedAtMs, durationMs },
        body: bytes,
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
