import type { Exchange } from '../../model/index.js';
import { headerValue } from '../../headers.js';
import { readParams, type RequestParam } from '../../http/request-params.js';
import { bodyBytes } from '../../http/stored-body.js';

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
  const type = header(headers, 'content-type');
  // A body that was sent but not kept must not read as "no parameter was sent": any sign of one counts.
  const announced =
    exchange.request.bodyOmitted === true ||
    Number(header(headers, 'content-length') || 0) > 0 ||
    header(headers, 'transfer-encoding') !== '' ||
    /multipart/i.test(type);
  const read = readParams({
    target: url,
    contentType: type,
    body: bodyBytes(body, bodyEncoding),
    bodyMissing: (body === undefined || body === '') ? announced : exchange.request.bodyOmitted === true,
  });
  const query = collect(read.params.filter((p) => p.from === 'query'), conflicting);
  const fields = collect(read.params.filter((p) => p.from !== 'query'), conflicting);
  const files = read.files.map((f) => f.content.length);
  return { params: merged(query, fields, conflicting), files, complete: read.complete, conflicting };
}

/** Name/value pairs as one record; a name whose values differ is noted in `conflicting` (the last value is kept). */
function collect(pairs: RequestParam[], conflicting: Set<string>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const { name, value } of pairs) {
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

function header(headers: Exchange['request']['headers'], name: string): string {
  return headerValue(headers, name) ?? '';
}

/** The path without its `/vX.Y` prefix. */
export function unversionedPath(url: string): string {
  return new URL(url).pathname.replace(/^\/v\d+\.\d+(?=\/|$)/, '') || '/';
}
