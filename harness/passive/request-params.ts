import type { Exchange } from '../model/index.js';
import { multipartParts } from './multipart-parts.js';
import { headerValue } from '../headers.js';

/** What a recorded request carried, as far as it can be read. */
export interface ReadRequest {
  /** Query, then form, JSON or multipart text fields. */
  params: Record<string, unknown>;
  /** Sizes in bytes of the file parts of a multipart body. */
  files: number[];
  /**
   * False when the body was there but could not be read whole (binary, truncated, dropped by the recorder): then
   * the absence of a parameter or of a file proves nothing.
   */
  complete: boolean;
}

/**
 * The parameters a recorded request carried, as data: query, then form or JSON body fields. Real clients send
 * forms without a Content-Type and JSON on GET, so the body is read by its look as well as its type.
 */
export function requestParams(exchange: Exchange): Record<string, unknown> {
  return readRequest(exchange).params;
}

export function readRequest(exchange: Exchange): ReadRequest {
  const { url, body, bodyEncoding, headers } = exchange.request;
  const query: Record<string, unknown> = Object.fromEntries(new URL(url).searchParams);
  const type = header(headers, 'content-type');
  if (body === undefined || body === '') {
    // A body that was sent but not kept must not read as "no parameter was sent": any sign of one counts.
    const announced =
      exchange.request.bodyOmitted === true ||
      Number(header(headers, 'content-length') || 0) > 0 ||
      header(headers, 'transfer-encoding') !== '' ||
      /multipart/i.test(type);
    return { params: query, files: [], complete: !announced };
  }
  if (/multipart\/form-data/i.test(type)) return readMultipart(query, body, bodyEncoding, type);
  if (bodyEncoding === 'base64') return { params: query, files: [], complete: false };
  const fields = readText(body.trim(), type);
  return { params: { ...query, ...(fields ?? {}) }, files: [], complete: fields !== undefined };
}

function readMultipart(
  query: Record<string, unknown>,
  body: string,
  encoding: string | undefined,
  type: string,
): ReadRequest {
  const parts = multipartParts(Buffer.from(body, encoding === 'base64' ? 'base64' : 'utf8'), type);
  if (!parts) return { params: query, files: [], complete: false };
  const fields = Object.fromEntries(parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.value]));
  const files = parts.filter((p) => p.filename !== undefined).map((p) => p.bytes);
  return { params: { ...query, ...fields }, files, complete: true };
}

/** Form or JSON fields of a text body; undefined when it is neither. */
function readText(text: string, type: string): Record<string, unknown> | undefined {
  if (/json/.test(type) || text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as unknown;
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  if (/x-www-form-urlencoded/.test(type) || (!type && /^[^=&\s]+=/.test(text))) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return undefined;
}

function header(headers: Exchange['request']['headers'], name: string): string {
  return headerValue(headers, name) ?? '';
}

/** The path without its `/vX.Y` prefix. */
export function unversionedPath(url: string): string {
  return new URL(url).pathname.replace(/^\/v\d+\.\d+(?=\/|$)/, '') || '/';
}
