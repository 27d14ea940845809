import { multipartParts } from './multipart-parts.js';
import { parseJson as parseBoundedJson } from '../validation/nesting.js';

/** Where a parameter travelled. */
export type ParamSource = 'query' | 'form' | 'json' | 'multipart';

export interface RequestParam {
  name: string;
  /** Text for query, form and multipart fields; a JSON body's fields keep their JSON value. */
  value: unknown;
  from: ParamSource;
}

export interface RequestFile {
  name: string;
  /** `''` for a part sent as a file without a file name. */
  filename: string;
  content: Buffer;
}

/** What a request carried, as parameters: the one reader of request parameters (replay, check, redaction). */
export interface RequestParams {
  /** In the order sent: the query's, then the body's fields. */
  params: RequestParam[];
  /** File parts of a multipart body. */
  files: RequestFile[];
  /** A body that holds no parameters: JSON that is not an object, or anything that is neither form nor JSON. */
  rest?: { json: unknown } | { bytes: Buffer };
  /**
   * False when a body was sent but does not read whole as parameters (not kept, cut off, binary, not a form or a
   * JSON object): then the absence of a parameter or of a file proves nothing.
   */
  complete: boolean;
}

export interface ParamsInput {
  /** An absolute URL or a path with its query. */
  target: string;
  contentType?: string;
  body?: Buffer;
  /** True when a body was sent but not kept (a HAR without `postData`, a body past the size limit). */
  bodyMissing?: boolean;
}

function decode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A malformed escape stays as sent; the well-formed ones around it are decoded.
    return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** `a=1&b=2` as sent in a query string or a form body, decoded; a malformed escape is kept as sent. */
function queryPairs(query: string, from: ParamSource = 'query', out: RequestParam[] = []): RequestParam[] {
  if (query === '') return out;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    out.push({ name, value: eq === -1 ? '' : decode(pair.slice(eq + 1)), from });
  }
  return out;
}

/** The query of an absolute URL or of a path (`''` when none), without any fragment. */
function queryOf(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return '';
  const hash = target.indexOf('#', q);
  return hash === -1 ? target.slice(q + 1) : target.slice(q + 1, hash);
}

const FORM_LIKE = /^[^=&\s{[]+=[^&]*(?:&[^=&\s]+(?:=[^&]*)?)*$/;

/**
 * The parameters a request carried, whatever real clients send: query; then a multipart body's fields and files,
 * a form (also with no Content-Type), or a JSON object's fields (also on a GET, also untyped).
 */
export function readParams(input: ParamsInput): RequestParams {
  const params = queryPairs(queryOf(input.target));
  const { body } = input;
  if (!body || body.length === 0) return { params, files: [], complete: input.bodyMissing !== true };
  const out: RequestParams = { params, files: [], complete: input.bodyMissing !== true };
  const type = (input.contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/')) return readMultipart(body, input.contentType ?? '', out);
  const text = body.toString('utf8');
  const trimmed = text.trim();
  const formType = type.includes('x-www-form-urlencoded');
  if (type.includes('json') || (!formType && (trimmed.startsWith('{') || trimmed.startsWith('[')))) {
    const json = parseJson(trimmed);
    if (json.ok) return jsonFields(json.value, out);
    if (type.includes('json')) return opaque(body, out);
  }
  if (formType || (type === '' && FORM_LIKE.test(trimmed))) {
    queryPairs(trimmed, 'form', params);
    return out;
  }
  return opaque(body, out);
}

function readMultipart(body: Buffer, contentType: string, out: RequestParams): RequestParams {
  const parts = multipartParts(body, contentType);
  if (!parts) return opaque(body, out);
  for (const part of parts) {
    if (part.filename !== undefined) out.files.push({ name: part.name, filename: part.filename, content: part.content });
    else out.params.push({ name: part.name, value: part.value ?? '', from: 'multipart' });
  }
  return out;
}

function jsonFields(value: unknown, out: RequestParams): RequestParams {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, field] of Object.entries(value)) out.params.push({ name, value: field, from: 'json' });
    return out;
  }
  return { ...out, rest: { json: value }, complete: false };
}

function opaque(bytes: Buffer, out: RequestParams): RequestParams {
  return { ...out, rest: { bytes }, complete: false };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseBoundedJson(text) };
  } catch {
    return { ok: false };
  }
}
