import type { IncomingMessage } from 'node:http';

const EMPTY = Buffer.alloc(0);

/** True when the request announces no body, so it can be answered without waiting for one. */
export function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** The whole request body. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (hasNoBody(req)) {
    req.resume();
    return Promise.resolve(EMPTY);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export { EMPTY as EMPTY_BODY };
