import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { ClientCertificate } from './types.js';

export interface CallbackRequest {
  /** A string is parsed here, so an unusable URL becomes a failed answer rather than a throw. */
  url: URL | string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  /** Trusted CAs; `null` turns certificate verification off (a fault switch only). */
  ca: string[] | null;
  clientCert?: ClientCertificate;
  /** Certificate errors let through (fault switches only): `CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`. */
  tolerate?: string[];
}

export type CallbackAnswer =
  | { ok: true; status: number; body: string }
  | { ok: false; kind: 'certificate' | 'connection' | 'timeout'; error: string };

/** Bodies past this size are cut: a callback's answer only ever needs to hold a challenge. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** One request to an app's callback; never rejects, every failure becomes a `CallbackAnswer`. */
export function sendCallbackRequest(req: CallbackRequest): Promise<CallbackAnswer> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (answer: CallbackAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let outgoing: http.ClientRequest;
    try {
      outgoing = openRequest(req, (res) => readAnswer(res, finish));
    } catch (err) {
      // node:http throws synchronously for URLs it cannot send to (an unsupported protocol, say).
      finish(failure(err as Error));
      return;
    }
    timer = setTimeout(() => {
      finish({ ok: false, kind: 'timeout', error: `no answer within ${req.timeoutMs} ms` });
      outgoing.destroy();
    }, req.timeoutMs);
    outgoing.on('error', (err) => finish(failure(err)));
    if (req.tolerate?.length) outgoing.on('socket', (socket) => refuseUntolerated(socket, req.tolerate ?? []));
    outgoing.end(req.body);
  });
}

function readAnswer(res: http.IncomingMessage, finish: (answer: CallbackAnswer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
    size += chunk.length;
  });
  res.on('end', () =>
    finish({ ok: true, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
  );
  res.on('error', (err) => finish(failure(err)));
  res.on('close', () => finish({ ok: false, kind: 'connection', error: 'the answer was cut off' }));
}

function openRequest(
  req: CallbackRequest,
  onResponse: (res: http.IncomingMessage) => void,
): http.ClientRequest {
  const url = typeof req.url === 'string' ? new URL(req.url) : req.url;
  const headers = { ...req.headers, ...(req.body ? { 'Content-Length': String(req.body.length) } : {}) };
  if (url.protocol === 'http:')
    return http.request(url, { method: req.method, headers, agent: PLAIN_CONNECTIONS }, onResponse);
  // https.request hands these to tls.connect, which takes a ready `secureContext` (absent from RequestOptions).
  const secureContext = secureContextFor(req.ca, req.clientCert);
  const tlsOptions: https.RequestOptions & Pick<tls.ConnectionOptions, 'secureContext'> = {
    method: req.method,
    headers,
    agent: connectionsFor(secureContext, req.tolerate ?? []),
    // With errors to tolerate, the handshake lets every error through and refuseUntolerated judges them.
    rejectUnauthorized: req.ca !== null && !req.tolerate?.length,
    secureContext,
    ...(req.ca ? { checkServerIdentity: refuseSelfSigned } : {}),
  };
  return https.request(url, tlsOptions, onResponse);
}

/**
 * Connections are kept alive between callbacks, as a platform's HTTP client keeps them: a TLS handshake for every
 * notification was about a third of the CPU of a run's webhook rules. They are pooled per trust, client certificate
 * and tolerated errors, so a connection is only ever reused by a callback that would have made it the same way, and
 * every new connection makes a full handshake (no session resumed), presenting the client certificate with its
 * intermediate: trust and certificate still apply to every connection. An idle connection is closed after a second,
 * before a server with Node's defaults closes it (after five). A server that closes idle connections sooner may see a
 * callback fail on one it was closing: a failed attempt, retried as any other.
 */
const IDLE_CONNECTION_MS = 1_000;
const KEPT_ALIVE = { keepAlive: true, timeout: IDLE_CONNECTION_MS } as const;
const PLAIN_CONNECTIONS = new http.Agent(KEPT_ALIVE);
const pools = new WeakMap<tls.SecureContext, Map<string, https.Agent>>();

function connectionsFor(context: tls.SecureContext, tolerate: string[]): https.Agent {
  let byTolerated = pools.get(context);
  if (!byTolerated) pools.set(context, (byTolerated = new Map()));
  const key = JSON.stringify([...tolerate].sort());
  let agent = byTolerated.get(key);
  if (!agent) byTolerated.set(key, (agent = new https.Agent({ ...KEPT_ALIVE, maxCachedSessions: 0 })));
  return agent;
}

const judgedConnections = new WeakSet<import('node:net').Socket>();

/** After the handshake: an authorization error that is not tolerated ends the connection as a refusal. */
function refuseUntolerated(socket: import('node:net').Socket, tolerate: string[]): void {
  // A reused connection was judged when it was made (its pool tolerates the same errors).
  if (judgedConnections.has(socket)) return;
  judgedConnections.add(socket);
  socket.once('secureConnect', () => {
    const tlsSocket = socket as tls.TLSSocket;
    const error = tlsSocket.authorizationError as unknown as string | Error | null;
    const code = error === null ? undefined : typeof error === 'string' ? error : ((error as { code?: string }).code ?? error.message);
    if (tlsSocket.authorized || code === undefined || tolerate.includes(code)) return;
    socket.destroy(Object.assign(new Error(`certificate refused: ${code}`), { code }));
  });
}

function clientCertOptions(c: ClientCertificate): { cert: string; key: string } {
  return { cert: c.chainPem ? `${c.certPem.trim()}\n${c.chainPem.trim()}\n` : c.certPem, key: c.keyPem };
}

/**
 * Parsing the default trust store takes tens of milliseconds, and every attempt opens a fresh connection, so
 * contexts are kept per trust list and client certificate. They hold no state of a reference, only what they
 * were built from, so references in one process may share them.
 */
const contexts = new Map<string, tls.SecureContext>();
const MAX_CONTEXTS = 32;

function secureContextFor(ca: string[] | null, clientCert: ClientCertificate | undefined): tls.SecureContext {
  const key = `${trustKey(ca)} ${JSON.stringify(clientCert ?? null)}`;
  let context = contexts.get(key);
  if (!context) {
    if (contexts.size >= MAX_CONTEXTS) contexts.clear();
    context = createContext(ca, clientCert);
    contexts.set(key, context);
  }
  return context;
}

/**
 * A context trusting `ca`. A list that starts with Node's roots starts from Node's own store, parsed once per process,
 * and adds the rest: spelling the ~140 roots out as `ca` parses them all again, about 90 ms for each run's new CA.
 * `addCACert` is the handle's method Node itself adds each `ca` entry with; where it is missing, the list is spelled out.
 */
function createContext(ca: string[] | null, clientCert: ClientCertificate | undefined): tls.SecureContext {
  const certificate = clientCert ? clientCertOptions(clientCert) : {};
  const extra = ca && startsWithRoots(ca) ? ca.slice(tls.rootCertificates.length) : undefined;
  if (extra) {
    const context = tls.createSecureContext(certificate);
    const handle = (context as { context?: { addCACert?: (pem: string) => void } }).context;
    if (typeof handle?.addCACert === 'function') {
      for (const pem of extra) handle.addCACert(pem);
      return context;
    }
  }
  return tls.createSecureContext({ ...(ca ? { ca } : {}), ...certificate });
}

function startsWithRoots(ca: string[]): boolean {
  const roots = tls.rootCertificates;
  return ca.length >= roots.length && roots.every((pem, i) => ca[i] === pem);
}

/**
 * The trust list as a key. Most lists are Node's roots (the same strings every time) plus a run's CA: the roots are
 * named, not written out, since spelling out ~140 certificates on every attempt cost seconds over a long run.
 */
function trustKey(ca: string[] | null): string {
  if (ca === null) return 'null';
  return startsWithRoots(ca) ? `roots+${JSON.stringify(ca.slice(tls.rootCertificates.length))}` : JSON.stringify(ca);
}

/** A self-signed leaf is refused even when someone trusted it as a CA: the spec does not support them. */
function refuseSelfSigned(host: string, cert: tls.PeerCertificate): Error | undefined {
  const mismatch = tls.checkServerIdentity(host, cert);
  if (mismatch) return mismatch;
  const issuer = (cert as tls.DetailedPeerCertificate).issuerCertificate;
  if (issuer && issuer.fingerprint256 === cert.fingerprint256) {
    return Object.assign(new Error('the callback presented a self-signed certificate'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
  }
  return undefined;
}

function failure(err: Error & { code?: string }): CallbackAnswer {
  const code = err.code ?? 'ERROR';
  const tlsProblem = /CERT|SELF_SIGNED|UNABLE_TO_|ALTNAME|SSL|TLS/.test(code);
  return { ok: false, kind: tlsProblem ? 'certificate' : 'connection', error: `${code}: ${err.message}` };
}
