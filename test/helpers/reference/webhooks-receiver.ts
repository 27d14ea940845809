/**
 * Test kit for the webhook service's tests (not a test file itself): a real HTTPS callback receiver on 127.0.0.1,
 * port 0, deps with a hand-driven virtual clock, and payload helpers. Built independently of reference/webhooks/.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { KeyAndCert } from './webhooks-test-certs.js';

export { type KeyAndCert, makeSelfSignedCert, makeTestCa, type TestCa } from './webhooks-test-certs.js';

export interface Received {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** Common name of the client certificate, when one was presented and verified. */
  clientCn?: string;
  /** Common name of the certificate that issued the client certificate. */
  clientIssuerCn?: string;
  /** Which connection the request came on: 1 for the first the receiver accepted, and so on. */
  connection: number;
}

export interface ReceiverOptions {
  tls?: KeyAndCert;
  /** How to answer the verification GET: echo the challenge (default), another body, never, or a status. */
  verify?: 'echo' | 'wrong-body' | 'hang' | { status: number };
  /** The first `failPosts` POSTs are answered 500 (or the connection is reset with `failMode: 'reset'`). */
  failPosts?: number;
  failMode?: 'status' | 'reset' | 'hang';
  /** Status of an acknowledged POST (default 200). */
  ackStatus?: number;
  /** Demand a client certificate chained to this CA; without one every request gets 403. */
  clientCa?: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  gets(): Received[];
  posts(): Received[];
  /** The next answer closes its connection (`Connection: close`), so the request after it comes on a new one. */
  closeAfterNextAnswer(): void;
  close(): Promise<void>;
}

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const received: Received[] = [];
  const connections = new WeakMap<object, number>();
  let accepted = 0;
  let closeNext = false;
  const connectionOf = (req: http.IncomingMessage) => {
    if (!connections.has(req.socket)) connections.set(req.socket, ++accepted);
    return connections.get(req.socket)!;
  };
  let postsSeen = 0;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = record(req, Buffer.concat(chunks), connectionOf(req));
      received.push(entry);
      if (closeNext) res.setHeader('connection', 'close');
      closeNext = false;
      if (options.clientCa && !entry.clientCn)
        return void res.writeHead(403).end('client certificate required');
      if (req.method === 'GET') return answerVerification(entry.url, options, res);
      postsSeen += 1;
      if (postsSeen <= (options.failPosts ?? 0)) return failPost(options.failMode ?? 'status', req, res);
      res.writeHead(options.ackStatus ?? 200).end();
    });
  };
  const server = options.tls
    ? https.createServer(
        {
          key: options.tls.keyPem,
          cert: options.tls.certPem,
          ...(options.clientCa
            ? { requestCert: true, rejectUnauthorized: false, ca: [options.clientCa] }
            : {}),
        },
        handler,
      )
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/hook`,
    received,
    gets: () => received.filter((r) => r.method === 'GET'),
    posts: () => received.filter((r) => r.method === 'POST'),
    closeAfterNextAnswer: () => {
      closeNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function record(req: http.IncomingMessage, rawBody: Buffer, connection: number): Received {
  const entry: Received = {
    method: req.method ?? '',
    url: new URL(req.url ?? '/', 'http://127.0.0.1'),
    headers: req.headers,
    rawBody,
    connection,
  };
  const socket = req.socket as TLSSocket;
  if (typeof socket.getPeerCertificate === 'function' && socket.authorized) {
    const cert = socket.getPeerCertificate(true);
    entry.clientCn = firstOf(cert.subject?.CN);
    entry.clientIssuerCn = firstOf(cert.issuerCertificate?.subject?.CN);
  }
  return entry;
}

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function answerVerification(url: URL, options: ReceiverOptions, res: http.ServerResponse): void {
  const verify = options.verify ?? 'echo';
  if (verify === 'echo') return void res.writeHead(200).end(url.searchParams.get('hub.challenge') ?? '');
  if (verify === 'wrong-body') return void res.writeHead(200).end('not-the-challenge');
  if (verify === 'hang') return; // close() ends the connection
  res.writeHead(verify.status).end(url.searchParams.get('hub.challenge') ?? '');
}

function failPost(
  mode: 'status' | 'reset' | 'hang',
  req: http.IncomingMessage,
  res: http.ServerResponse,
): void {
  if (mode === 'status') return void res.writeHead(500).end();
  if (mode === 'reset') return void req.socket.destroy();
  // 'hang': never answer; close() ends the connection.
}

/** A port on 127.0.0.1 with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const APP_SECRET = 'app-secret';
export const T0 = 1_760_000_000;

export interface TestDepsOptions {
  trusted?: string[];
  faults?: string[];
  clientCert?: { certPem: string; keyPem: string; chainPem?: string };
  timeoutsMs?: { verification?: number; delivery?: number };
}

/** Deps as the core would build them, with a hand-driven virtual clock and Live switch. */
export function testDeps(options: TestDepsOptions = {}) {
  const state = { now: T0, live: true, faults: new Set(options.faults ?? []) };
  return {
    state,
    deps: {
      now: () => state.now,
      appId: '1000001',
      appSecret: APP_SECRET,
      isLive: () => state.live,
      fault: (name: string) => state.faults.has(name),
      trustedCaPems: () => options.trusted ?? [],
      ...(options.clientCert ? { clientCert: options.clientCert } : {}),
      ...(options.timeoutsMs ? { timeoutsMs: options.timeoutsMs } : {}),
    },
  };
}

export interface Payload {
  object: string;
  entry: Array<{
    id: string;
    time: unknown;
    uid?: unknown;
    changes?: Array<{ field: string; value: unknown }>;
    changed_fields?: string[];
  }>;
}

export function payloadOf(r: Received): Payload {
  return JSON.parse(r.rawBody.toString('utf8')) as Payload;
}

/** Updates carried by one notification, counted as R7 does (change items or changed-field names). */
export function updateCount(p: Payload): number {
  return p.entry.reduce((n, e) => n + (e.changes?.length ?? 0) + (e.changed_fields?.length ?? 0), 0);
}
