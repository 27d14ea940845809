import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer, FailureMode } from './types.js';

/** Sends a plain-text answer with an explicit Content-Length and returns what was sent. */
export function reply(res: ServerResponse, status: number, body: string): Answer {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
  return { status, body };
}

/** Applies a scheduled failure; `hanging` keeps unanswered responses so that close() can end them. */
export function fail(res: ServerResponse, how: FailureMode, hanging: Set<ServerResponse>): Answer {
  if (how === '500') return reply(res, 500, 'graphcheck receiver: scheduled failure');
  if (how === 'hang') {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
    return { outcome: 'hang' };
  }
  resetConnection(res.req);
  return { outcome: 'reset' };
}

/**
 * Sends a TCP RST. On TLS the request socket wraps the TCP one, and only the TCP socket can reset
 * (`resetAndDestroy` on a TLSSocket throws ERR_INVALID_HANDLE_TYPE); Node keeps it as `_parent`.
 */
function resetConnection(req: IncomingMessage): void {
  const socket = req.socket as Socket & { _parent?: Socket };
  const tcp = socket._parent ?? socket;
  try {
    tcp.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}
