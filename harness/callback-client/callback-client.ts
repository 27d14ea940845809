import { Agent, request } from 'undici';
import type { Exchange, Headers } from '../model/index.js';
import { readStream } from '../http/read-body.js';
import { type Redactor, redactorFor } from '../redaction/redactor.js';
import { probeTls, type TlsFacts } from './tls-probe.js';
import { trustContext } from './trust-context.js';

/** One request graphcheck, playing the service, sends to the app's callback. */
export interface CallbackRequest {
  method: 'GET' | 'POST';
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer;
  /** With mTLS: which client certificate the connection presents (default `configured`). */
  clientCert?: ClientCertChoice;
}

/** `configured`: the service's own (from the CA the receiver trusts, the expected CN); the others must be refused. */
export const CLIENT_CERT_CHOICES = ['configured', 'none', 'other-ca', 'wrong-cn'] as const;
export type ClientCertChoice = (typeof CLIENT_CERT_CHOICES)[number];

export type TransportProblem = 'unreachable' | 'tls' | 'timeout' | 'reset' | 'other';

export interface Pem {
  certPem: string;
  keyPem: string;
}

/** The app's callback endpoint under test (`graphcheck webhook-test`), as the step kinds that play the service see it. */
export interface CallbackUnderTest {
  url: string;
  verifyToken: string;
  appSecret: string;
  timeoutMs: number;
  /** What connecting showed of the transport when the run started (scheme, certificate). */
  tls: TlsFacts;
  /** Connects once more and reads the scheme and certificate, for `callback-tls` to judge. */
  probe(): Promise<TlsFacts>;
  /** mTLS is configured: the client certificates to present, by choice. */
  clientCerts?: Record<ClientCertChoice, Pem | undefined>;
  /** mTLS: the common name the receiver expects. */
  clientCn?: string;
  send(outgoing: CallbackRequest): Promise<Exchange>;
  close(): Promise<void>;
}

export interface CallbackClientOptions {
  url: string;
  verifyToken: string;
  appSecret: string;
  timeoutMs: number;
  tls: TlsFacts;
  /** Extra CA trusted besides the system store (the user's own CA). */
  caPem?: string;
  clientCerts?: Record<ClientCertChoice, Pem | undefined>;
  clientCn?: string;
  /** Values never written into evidence (the verify token and its near misses, in a query string). */
  secrets: string[];
}

/** Bodies kept in evidence are cut here; a callback has no business answering more. */
const KEPT_BODY_CHARS = 64 * 1024;

/**
 * The HTTP client that plays the service: requests go to the app's callback, never to a target. undici directly,
 * the optional CA added to the system store. A certificate `callback-tls` fails (self-signed, expired, another
 * host) is not verified again here, so the app's answers can still be judged beside that one failure.
 */
export function createCallbackClient(options: CallbackClientOptions): CallbackUnderTest {
  const agents = new Map<ClientCertChoice, Agent>();
  const agentFor = (choice: ClientCertChoice): Agent => {
    let agent = agents.get(choice);
    if (!agent) {
      const cert = options.clientCerts?.[choice];
      // One context per agent: given as `ca` and `cert`, they were parsed again for every connection, and an app
      // that closes its connections gets a new one for every notification.
      const secureContext = trustContext(options.caPem, cert);
      agent = new Agent({
        connect: {
          timeout: options.timeoutMs,
          secureContext,
          ...(options.tls.invalid ? { rejectUnauthorized: false } : {}),
        },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      agents.set(choice, agent);
    }
    return agent;
  };
  // The one redaction module: the verify token never reaches evidence, in any form.
  const redactor = redactorFor({ secrets: options.secrets });
  return {
    url: options.url,
    verifyToken: options.verifyToken,
    appSecret: options.appSecret,
    timeoutMs: options.timeoutMs,
    tls: options.tls,
    ...(options.clientCerts ? { clientCerts: options.clientCerts } : {}),
    ...(options.clientCn ? { clientCn: options.clientCn } : {}),
    probe: () =>
      probeTls({
        url: new URL(options.url),
        timeoutMs: options.timeoutMs,
        ...(options.caPem ? { caPem: options.caPem } : {}),
        ...(options.clientCerts?.configured ? { clientCert: options.clientCerts.configured } : {}),
      }),
    send: (outgoing) => sendOne(agentFor(outgoing.clientCert ?? 'configured'), options.url, outgoing, redactor),
    close: async () => {
      await Promise.all([...agents.values()].map((a) => a.close()));
    },
  };
}

async function sendOne(agent: Agent, callback: string, outgoing: CallbackRequest, redactor: Redactor): Promise<Exchange> {
  const url = new URL(callback);
  for (const [name, value] of Object.entries(outgoing.query ?? {})) url.searchParams.set(name, value);
  const started = Date.now();
  const recorded: Exchange['request'] = {
    method: outgoing.method,
    url: redactor.text(url.toString()),
    headers: outgoing.headers ?? {},
    ...(outgoing.body ? { body: outgoing.body.toString('utf8'), bodyEncoding: 'utf8' as const } : {}),
  };
  const kind = outgoing.method === 'GET' ? ('webhook-verification' as const) : ('webhook-notification' as const);
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
      response: { status: response.statusCode, headers: response.headers as Headers, body: body.slice(0, KEPT_BODY_CHARS) },
      durationMs: Date.now() - started,
    };
  } catch (error) {
    return { ...base, error: { code: errorCode(error), message: errorMessage(error) }, durationMs: Date.now() - started };
  }
}

/** Sorts a transport error so a step can tell "cannot judge" from "refused the connection". */
export function transportProblem(code: string): TransportProblem {
  if (/^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code)) return 'unreachable';
  if (/TIMEOUT/.test(code)) return 'timeout';
  if (/CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY|EPROTO/.test(code)) return 'tls';
  if (/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code)) return 'reset';
  return 'other';
}

/**
 * Every transport error means "cannot judge", with the fix: an endpoint that gave no HTTP answer (refused, TLS,
 * no answer in time, connection closed, not HTTP) showed neither an acceptance nor a refusal. Counting a hang
 * as a refusal would pass the refusal checks of an endpoint that never looked at the request.
 */
export function cannotJudgeReason(error: { code: string; message: string }, timeoutMs: number): string {
  switch (transportProblem(error.code)) {
    case 'unreachable':
      return `cannot connect (${error.code}); is the callback server running at that address?`;
    case 'tls':
      return `TLS failed (${error.code}: ${oneLine(error.message)}); pass --ca FILE with the CA of the endpoint's certificate`;
    case 'timeout':
      return `no answer within ${timeoutMs} ms (${error.code}); is the endpoint stuck? raise --timeout if it is only slow`;
    case 'reset':
      return `the endpoint closed the connection without an HTTP answer (${error.code}); is it an HTTP(S) server?`;
    default:
      return `no HTTP answer (${error.code}: ${oneLine(error.message)}); is the endpoint an HTTP(S) server?`;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
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
