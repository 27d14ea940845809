import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FRONT_SERVER, type Upstream, upstreamUrl } from './reference-behind.js';
import { forward, isControl } from './varying-front.js';

/** How the front refuses: HTTP 500 with an empty body, or 400 with the contract's envelope and code 100. */
export type Refusal = 'http-500-empty' | 'code-100';

/** A request as a front reads it before passing it on. */
export interface FrontRequest {
  method: string;
  path: string;
  body: Buffer;
}

/** An answer a front gives itself instead of passing the request on (JSON when the body is not empty). */
export interface OwnAnswer {
  status: number;
  body: string;
  /** Headers besides the type and length (`retry-after`). */
  headers?: Record<string, string>;
}

/** The contract's error envelope with code 100, status 400. */
export function code100(message: string): OwnAnswer {
  return { status: 400, body: JSON.stringify({ error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100 } }) };
}

/**
 * A target that refuses every request of its interface (the authorization window and the token endpoint too)
 * while its control protocol, passed on to `target`, works. Refused requests never reach `target`. While
 * `sparing(true)` is on, everything passes through instead (so preflight finds a working target, say).
 */
export async function startRefusingFront(
  upstream: Upstream,
  refusal: Refusal,
): Promise<{ url: string; refused: () => number; sparing(on: boolean): void; close(): Promise<void> }> {
  let spare = false;
  const answer = refusal === 'http-500-empty' ? { status: 500, body: '' } : code100('Invalid parameter');
  const front = await startGatingFront(upstream, ({ path }) => (isControl(path) || spare ? undefined : answer));
  return {
    ...front,
    sparing: (on) => {
      spare = on;
    },
  };
}

/**
 * A front on loopback that answers a request itself where `refuse` gives an answer (counted), and passes every
 * other request on to `upstream` (the reference behind it names the front itself: `referenceBehind`).
 */
export async function startGatingFront(
  upstream: Upstream,
  refuse: (request: FrontRequest) => OwnAnswer | undefined,
): Promise<{ url: string; refused: () => number; close(): Promise<void> }> {
  let refused = 0;
  const server: Server = createServer(FRONT_SERVER, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', body: Buffer.concat(chunks) };
      const own = refuse(request);
      if (own) {
        refused++;
        const type = own.body === '' ? {} : { 'content-type': 'application/json' };
        res.writeHead(own.status, { ...own.headers, ...type, 'content-length': String(Buffer.byteLength(own.body)) }).end(own.body);
        return;
      }
      forward(upstreamUrl(upstream), request.method, request.path, req.headers, request.body)
        .then((answer) => {
          const out = answer.raw ?? Buffer.from(answer.body);
          res.writeHead(answer.status, { ...answer.headers, 'content-length': String(out.length) });
          res.end(out);
        })
        .catch((error: Error) => res.writeHead(502).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, refused: () => refused, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
