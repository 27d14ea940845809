import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forward, isControl } from './varying-front.js';

/** How the front refuses: HTTP 500 with an empty body, or 400 with the contract's envelope and code 100. */
export type Refusal = 'http-500-empty' | 'code-100';

/**
 * A target that refuses every request of its interface (the authorization window and the token endpoint too)
 * while its control protocol, passed on to `target`, works. Refused requests never reach `target`. While
 * `sparing(true)` is on, everything passes through instead (so preflight finds a working target, say).
 */
export async function startRefusingFront(
  target: string,
  refusal: Refusal,
): Promise<{ url: string; refused: () => number; sparing(on: boolean): void; close(): Promise<void> }> {
  let refused = 0;
  let spare = false;
  let url = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      if (!isControl(path) && !spare) {
        refused++;
        if (refusal === 'http-500-empty') res.writeHead(500, { 'content-length': '0' }).end();
        else {
          const body = JSON.stringify({ error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
          res.writeHead(400, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body);
        }
        return;
      }
      forward(target, method, path, req.headers, Buffer.concat(chunks))
        .then((answer) => {
          const text = answer.body.split(target).join(url);
          res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) });
          res.end(text);
        })
        .catch((error: Error) => res.writeHead(502).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    refused: () => refused,
    sparing: (on) => {
      spare = on;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
