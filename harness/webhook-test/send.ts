import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import type { Exchange, Headers } from '../model/index.js';
import { readStream } from '../http/read-body.js';
import { type Redactor, redactorFor } from '../redaction/redactor.js';

/** One request `webhook-test` sends to the user's callback. */
export interface OutgoingRequest {
  method: 'GET' | 'POST';
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer;
}

export type TransportProblem = 'unreachable' | 'tls' | 'timeout' | 'reset' | 'other';

export interface SenderOptions {
  callback: string;
  timeoutMs: number;
  /** Extra CA trusted besides the system store (the user's own CA or self-signed certificate). */
  caPem?: string;
  /** Values never written into evidence (the verify token in a query string). */
  secrets: string[];
}

export interface Sender {
  send(outgoing: OutgoingRequest): Promise<Exchange>;
  close(): Promise<void>;
}

/** Bodies kept in evidence are cut here; a callback has no business answering more. */
const KEPT_BODY_CHARS = 64 * 1024;

/**
 * The HTTP client of `webhook-test`: graphcheck plays the service, so requests go to the user's callback,
 * never to a target. undici directly, with the optional CA added to the system store.
 */
export function createSender(options: SenderOptions): Sender {
  const agent = new Agent({
    connect: {
      timeout: options.timeoutMs,
      ...(options.caPem ? { ca: [...rootCertificates, options.caPem] } : {}),
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  // The one redaction module: the verify token never reaches evidence, in any form.
  const redactor = redactorFor({ secrets: options.secrets });
  return {
    send: (outgoing) => sendOne(agent, options, outgoing, redactor),
    close: () => agent.close(),
  };
}

async function sendOne(agent: Agent, options: SenderOptions, outgoing: OutgoingRequest, redactor: Redactor): Promise<Exchange> {
  const url = new URL(options.callback);
  for (const [name, value] of Object.entries(outgoing.query ?? {})) url.searchParams.set(name, value);
  const started = Date.now();
  const recorded: Exchange['request'] = {
    method: outgoing.method,
    url: redactor.text(url.toString()),
    headers: outgoing.headers ?? {},
    ...(outgoing.body ? { body: outgoing.body.toString('utf8'), bodyEncoding: 'utf8' as const } : {}),
  };
  const kind =
    outgoing.method === 'GET' ? ('webhook-verification' as const) : ('webhook-notification' as const);
  const base = { kind, request: recorded, startedAt: new Date(started).toISOString() };
  try {
    const response = await request(url, {
      method: outgoing.method,
      dispatcher: agent,
      ...(outgoing.headers ? { headers: outgoing.headers } : {}),
      ...(outgoing.body ? { body: outgoing.body } : {}),
    });
    // Read under the size limit: a callback answering without end must not take the process's memory.
    const body = (await readStream(response.body)).bytes.toString('utf8');
    return {
      ...base,
      response: {
        status: response.statusCode,
        headers: response.headers as Headers,
        body: body.slice(0, KEPT_BODY_CHARS),
      },
      durationMs: Date.now() - started,
    };
  } catch (error) {
    const code = errorCode(error);
    return { ...base, error: { code, message: errorMessage(error) }, durationMs: Date.now() - started };
  }
}

/** Sorts a transport error so the runner can tell "cannot judge" from "did not answer". */
export function transportProblem(code: string): TransportProblem {
  if (/^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code)) return 'unreachable';
  if (/CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  if (/TIMEOUT/.test(code)) return 'timeout';
  if (/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code)) return 'reset';
  return 'other';
}

/** undici wraps socket errors; the useful code is often on `cause`. */
function errorCode(error: unknown): string {
  const own = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  if (own === 'UND_ERR_SOCKET' && typeof cause === 'string') return cause;
  if (typeof own === 'string') return own;
  return typeof cause === 'string' ? cause : 'UNKNOWN';
}

function errorMessage(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } }).cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return typeof cause === 'string' && cause !== message ? `${message} (${cause})` : message;
}
