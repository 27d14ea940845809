import type { Exchange } from '../model/index.js';

/**
 * The parameters a recorded request carried, as data: query, then form or JSON body fields. Real clients send
 * forms without a Content-Type and JSON on GET, so the body is read by its look as well as its type.
 */
export function requestParams(exchange: Exchange): Record<string, unknown> {
  const { url, body, bodyEncoding, headers } = exchange.request;
  const params: Record<string, unknown> = Object.fromEntries(new URL(url).searchParams);
  if (body === undefined || body === '' || bodyEncoding === 'base64') return params;
  const type = String(headers['content-type'] ?? headers['Content-Type'] ?? '');
  const text = body.trim();
  if (/json/.test(type) || text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json)) return { ...params, ...json };
    } catch {
      return params;
    }
  }
  if (/x-www-form-urlencoded/.test(type) || (!type && /^[^=&\s]+=/.test(text))) {
    return { ...params, ...Object.fromEntries(new URLSearchParams(text)) };
  }
  return params;
}

/** The path without its `/vX.Y` prefix. */
export function unversionedPath(url: string): string {
  return new URL(url).pathname.replace(/^\/v\d+\.\d+(?=\/|$)/, '') || '/';
}
