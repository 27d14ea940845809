import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

/**
 * App developers' callback endpoints, written the way the spec tells them to be, with one flaw switchable
 * at a time. They never use graphcheck's code, so webhook-test is judged against an independent receiver.
 */
export interface Flaws {
  skipTokenCheck?: boolean;
  noEcho?: boolean;
  answer500?: boolean;
  /** Accepts any signature (validation is optional). */
  skipSignature?: boolean;
  /** Verifies the signature over JSON.stringify(JSON.parse(body)) instead of the raw bytes. */
  reserialize?: boolean;
  /** Never answers a notification (verification requests still are). */
  hangOnNotify?: boolean;
  /** Compares the verify token trimmed: a trailing space passes. */
  trimToken?: boolean;
  /** Checks the verify token only when one is given: an empty one passes. */
  emptyTokenSkipsCheck?: boolean;
  /** Compares all but the verify token's last character. */
  ignoreLastTokenChar?: boolean;
  /** Checks X-Hub-Signature-256 only when the header is there. */
  signatureOnlyWhenPresent?: boolean;
  /** Checks X-Hub-Signature-256 only when it reads sha256= and 64 hex digits. */
  signatureOnlyWhenWellFormed?: boolean;
  /** A middleware that checks only the legacy X-Hub-Signature (SHA-1), and lets through a request without it. */
  legacySignatureOnly?: boolean;
}

/** mTLS as the spec has the receiver do it: trust the service's CA, and check the common name. */
export interface MtlsSetup {
  caPem: string;
  cn: string;
  /** Flaws: no client certificate asked for; any certificate accepted; the common name not checked. */
  noClientCert?: boolean;
  anyIssuer?: boolean;
  skipCn?: boolean;
}

export const TOKEN = 'my-verify-token';
export const SECRET = 'my-app-secret';

export function sampleHandler(flaws: Flaws = {}): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      req.method === 'GET' ? verify(req, res, flaws) : notify(req, res, Buffer.concat(chunks), flaws),
    );
  };
}

function verify(req: IncomingMessage, res: ServerResponse, flaws: Flaws): void {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const given = query.get('hub.verify_token') ?? '';
  const tokenOk =
    flaws.skipTokenCheck ||
    given === TOKEN ||
    (flaws.trimToken && given.trim() === TOKEN) ||
    (flaws.emptyTokenSkipsCheck && given === '') ||
    (flaws.ignoreLastTokenChar && given.length === TOKEN.length && given.slice(0, -1) === TOKEN.slice(0, -1));
  const ok = query.get('hub.mode') === 'subscribe' && tokenOk && clientCertOk(req);
  if (ok) send(res, 200, flaws.noEcho ? 'OK' : (query.get('hub.challenge') ?? ''));
  else send(res, 403, 'forbidden');
}

function notify(req: IncomingMessage, res: ServerResponse, raw: Buffer, flaws: Flaws): void {
  if (flaws.hangOnNotify) return;
  if (flaws.answer500) {
    send(res, 500, 'oops');
    return;
  }
  const signed = flaws.reserialize ? Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8')))) : raw;
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(signed).digest('hex')}`);
  const header = req.headers['x-hub-signature-256'];
  const given = Buffer.from(String(header ?? ''));
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  const legacy = req.headers['x-hub-signature'];
  const lenient =
    (flaws.signatureOnlyWhenPresent && header === undefined) ||
    (flaws.signatureOnlyWhenWellFormed && !/^sha256=[0-9a-f]{64}$/.test(String(header ?? ''))) ||
    (flaws.legacySignatureOnly &&
      (legacy === undefined || legacy === `sha1=${createHmac('sha1', SECRET).update(raw).digest('hex')}`));
  if (!clientCertOk(req)) send(res, 403, 'client certificate refused');
  else if (genuine || flaws.skipSignature || lenient) send(res, 200, 'EVENT_RECEIVED');
  else send(res, 403, 'bad signature');
}

/** With mTLS set up without the CN flaw: the client certificate's common name must be the configured one. */
function clientCertOk(req: IncomingMessage): boolean {
  const mtls = (req.socket as TLSSocket & { mtls?: MtlsSetup }).mtls;
  if (!mtls || mtls.skipCn || mtls.noClientCert) return true;
  return (req.socket as TLSSocket).getPeerCertificate().subject?.CN === mtls.cn;
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Starts a sample on 127.0.0.1 and a free port; `tls` makes it HTTPS. */
export async function startSample(
  flaws: Flaws = {},
  tls?: { certPem: string; keyPem: string },
  mtls?: MtlsSetup,
): Promise<{ url: string; server: Server }> {
  const handler = sampleHandler(flaws);
  const clientAuth = mtls && !mtls.noClientCert ? { requestCert: true, rejectUnauthorized: !mtls.anyIssuer, ca: mtls.caPem } : {};
  const server = tls
    ? createHttpsServer({ cert: tls.certPem, key: tls.keyPem, ...clientAuth }, handler)
    : createServer(handler);
  if (mtls) server.on('secureConnection', (socket: TLSSocket & { mtls?: MtlsSetup }) => (socket.mtls = mtls));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = tls ? 'https' : 'http';
  return { url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, server };
}
