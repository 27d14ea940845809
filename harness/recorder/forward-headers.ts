import type { IncomingHttpHeaders } from 'node:http';
import type { Headers } from '../model/exchange.js';

/** Headers about one connection hop: never passed on (RFC 9110 7.6.1), recomputed by each side. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  // answered by this server itself (node sends 100 Continue); undici refuses to send it on
  'expect',
]);

/**
 * The client's headers as sent on to the target. `accept-encoding` is dropped so the target answers in
 * identity encoding: the cassette keeps readable bodies and absolute URLs in them can be rewritten.
 */
export function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'accept-encoding') continue;
    out[name] = value;
  }
  return out;
}

/** A target's response headers without hop-by-hop ones and undefined values. */
export function responseHeaders(headers: Record<string, string | string[] | undefined>): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Flat `[name, value, ...]` for `writeHead`, minus hop-by-hop headers, with the body's real length. An answer to
 * HEAD has no body, and its length (if the target gave one) speaks of the GET: `bodyLength` undefined keeps it.
 */
export function clientHeaders(
  headers: Headers,
  bodyLength: number | undefined,
  map: (value: string) => string,
): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) && !(bodyLength === undefined && lower === 'content-length')) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.push(name, map(v));
  }
  if (bodyLength !== undefined) out.push('content-length', String(bodyLength));
  return out;
}
