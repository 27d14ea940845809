import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { BodyCollector, type BoundedBody, DEFAULT_MAX_BODY } from './body-limit.js';

const EMPTY: BoundedBody = { bytes: Buffer.alloc(0) };

/** True when the request announces no body, so it can be answered without waiting for one. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/**
 * The request body, read up to `limit` bytes: past it, only its first bytes, size and SHA-256 are kept (the
 * rest is read and dropped, so the client can still be answered). The one reader of request bodies for every
 * server graphcheck runs (recorder, replay, receiver).
 */
export function readBody(
  req: IncomingMessage,
  limit = DEFAULT_MAX_BODY,
  tap?: (chunk: Buffer) => void,
): Promise<BoundedBody> {
  if (hasNoBody(req)) {
    req.resume();
    return Promise.resolve(EMPTY);
  }
  return readStream(req, limit, tap);
}

/**
 * Hands `use` the request's body: at once when the request announces none (most do, and waiting a turn of the event
 * loop for an empty body costs every such request), else once it is read as `readBody` reads it. The promise
 * settles with what `use` returns, and rejects when reading or `use` fails.
 */
export function withBody<T>(
  req: IncomingMessage,
  limit: number | undefined,
  use: (body: BoundedBody) => T | Promise<T>,
): Promise<T> {
  if (hasNoBody(req)) return new Promise((resolve) => resolve(use(EMPTY)));
  return readStream(req, limit).then(use);
}

/**
 * Any body stream (a request graphcheck serves, an answer undici received) read up to `limit` bytes, as
 * `readBody` does. The stream is read to its end either way; stop it with the request's own timeout. `tap` sees
 * every chunk (a signature computed over the whole body, however large).
 */
export function readStream(stream: Readable, limit = DEFAULT_MAX_BODY, tap?: (chunk: Buffer) => void): Promise<BoundedBody> {
  return new Promise((resolve, reject) => {
    const collector = new BodyCollector(limit);
    stream.on('data', (chunk: Buffer) => {
      tap?.(chunk);
      collector.add(chunk);
    });
    stream.on('end', () => resolve(collector.finish()));
    stream.on('error', reject);
  });
}

