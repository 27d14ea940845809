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
  /**
   * Names sent more than once with different values (`limit=2&limit=50`, or one in the query and another in the
   * body). Which one a service takes is not stated, so nothing that depends on them is judged.
   */
  conflicting: Set<string>;
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
  const conflicting = new Set<string>();
  const query = collect(new URL(url).searchParams, conflicting);
  const type = header(headers, 'content-type');
  if (body === undefined || body === '') {
    // A body that was sent but not kept must not read as "no parameter was sent": any sign of one counts.
    const announced =
      exchange.request.bodyOmitted === true ||
      Number(header(headers, 'content-length') || 0) > 0 ||
      header(headers, 'transfer-encoding') !== '' ||
      /multipart/i.test(type);
    return { params: query, files: [], complete: !announced, conflicting };
  }
  if (/multipart\/form-data/i.test(type)) return readMultipart(query, body, bodyEncoding, type, conflicting);
  if (bodyEncoding === 'base64') return { params: query, files: [], complete: false, conflicting };
  const fields = readText(body.trim(), type, conflicting);
  return { params: merged(query, fields ?? {}, conflicting), files: [], complete: fields !== undefined, conflicting };
}

/** Name/value pairs as one record; a name whose values differ is noted in `conflicting` (the last value is kept). */
function collect(pairs: Iterable<[string, unknown]>, conflicting: Set<string>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of pairs) {
    if (name in params && params[name] !== value) conflicting.add(name);
    params[name] = value;
  }
  return params;
}

/** Query and body parameters together; a name both carry with different values is noted in `conflicting`. */
function merged(
  query: Record<string, unknown>,
  fields: Record<string, unknown>,
  conflicting: Set<string>,
): Record<string, unknown> {
  // The query is text: `limit=5` and a JSON body's `"limit": 5` say the same.
  const asText = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  for (const [name, value] of Object.entries(fields)) {
    if (name in query && asText(query[name]) !== asText(value)) conflicting.add(name);
  }
  return { ...query, ...fields };
}

function readMultipart(
  query: Record<string, unknown>,
  body: string,
  encoding: string | undefined,
  type: string,
  conflicting: Set<string>,
): ReadRequest {
  const parts = multipartParts(Buffer.from(body, encoding === 'base64' ? 'base64' : 'utf8'), type);
  if (!parts) return { params: query, files: [], complete: false, conflicting };
  const textParts = parts.filter((p) => p.filename === undefined);
  const fields = collect(textParts.map((p): [string, unknown] => [p.name, p.value]), conflicting);
  const files = parts.filter((p) => p.filename !== undefined).map((p) => p.bytes);
  return { params: merged(query, fields, conflicting), files, complete: true, conflicting };
}

/** Form or JSON fields of a text body; undefined when it is neither. */
function readText(text: string, type: string, conflicting: Set<string>): Record<string, unknown> | undefined {
  if (/json/.test(type) || text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as unknown;
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  if (/x-www-form-urlencoded/.test(type) || (!type && /^[^=&\s]+=/.test(text))) {
    return collect(new URLSearchParams(text), conflicting);
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
