import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphError, toEnvelope } from '../graph-error.js';
import type { RefResponse } from '../types.js';

/** Bodies larger than this are refused: the largest legitimate one is a photo just over the 10 MB limit. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new GraphError(100, '(#100) The request body is larger than 32 MB.'));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, response: RefResponse, extraHeaders: Record<string, string>): void {
  const headers: Record<string, string> = { ...extraHeaders, ...response.headers };
  if (response.redirect !== undefined) {
    res.writeHead(response.status, { ...headers, location: response.redirect });
    res.end();
    return;
  }
  if (response.file !== undefined) {
    res.writeHead(response.status, { ...headers, 'content-type': response.file.contentType });
    res.end(response.file.data);
    return;
  }
  if (response.html !== undefined) {
    res.writeHead(response.status, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    res.end(response.html);
    return;
  }
  const body = JSON.stringify(response.body ?? null);
  res.writeHead(response.status, { ...headers, 'content-type': 'application/json; charset=UTF-8' });
  res.end(body);
}

/** A GraphError as the envelope; anything else is a reference bug, answered as code 1 and logged once. */
export function errorResponse(error: unknown, fbtraceId: string): RefResponse {
  if (error instanceof GraphError) return { status: error.status, body: toEnvelope(error, fbtraceId) };
  process.stderr.write(
    `reference: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  const unknown = new GraphError(1, 'An unknown error has occurred.', 'OAuthException', undefined, 500);
  return { status: 500, body: toEnvelope(unknown, fbtraceId) };
}
