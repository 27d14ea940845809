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
  const ok =
    query.get('hub.mode') === 'subscribe' &&
    (flaws.skipTokenCheck || query.get('hub.verify_token') === TOKEN);
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
  const given = Buffer.from(String(req.headers['x-hub-signature-256'] ?? ''));
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  if (genuine || flaws.skipSignature) send(res, 200, 'EVENT_RECEIVED');
  else send(res, 403, 'bad signature');
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Starts a sample on 127.0.0.1 and a free port; `tls` makes it HTTPS. */
export async function startSample(
  flaws: Flaws = {},
  tls?: { certPem: string; keyPem: string },
): Promise<{ url: string; server: Server }> {
  const handler = sampleHandler(flaws);
  const server = tls
    ? createHttpsServer({ cert: tls.certPem, key: tls.keyPem }, handler)
    : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = tls ? 'https' : 'http';
  return { url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, server };
}
