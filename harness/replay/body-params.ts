import { createHash } from 'node:crypto';

/** Parameters as name/value pairs, in the order they were sent. */
export type Params = Array<[string, string]>;

function decode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `a=1&b=2` as sent in a query string or a form body. */
export function parseQuery(query: string, out: Params = []): Params {
  if (query === '') return out;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    out.push(eq === -1 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))]);
  }
  return out;
}

/** JSON with object keys sorted, so two encodings of the same data compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A parameter value compared as data: JSON-looking text (`{"age_min":13}`) is compared by its meaning. */
export function canonicalValue(value: unknown): string {
  if (typeof value !== 'string') return typeof value === 'object' ? canonicalJson(value) : String(value);
  const code = value.charCodeAt(0);
  // Most values are plain words: decide on the first character without copying the string.
  if (code !== 123 /* { */ && code !== 91 /* [ */ && !(code <= 32 && /^\s*[[{]/.test(value))) return value;
  try {
    return canonicalJson(JSON.parse(value));
  } catch {
    return value;
  }
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Top-level keys of a JSON object body become parameters; any other JSON is one opaque value. */
function jsonParams(text: string, out: Params): boolean {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    for (const [k, v] of Object.entries(data)) out.push([k, canonicalValue(v)]);
  } else {
    out.push(['(body)', canonicalJson(data)]);
  }
  return true;
}

function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Fields of a multipart body; a file part is compared by its name, file name and content hash. */
function multipartParams(body: Buffer, boundary: string, out: Params): void {
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start, next);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('latin1');
      const content = part.subarray(split + 4, Math.max(split + 4, part.length - 2));
      const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      out.push([
        name,
        filename === undefined ? content.toString('utf8') : `file ${filename} sha256:${sha256(content)}`,
      ]);
    }
    at = next;
  }
}

const FORM_LIKE = /^[^=&\s{[]+=[^&]*(?:&[^=&\s]+=[^&]*)*$/;

/**
 * Parameters carried by a body, whatever the client sent: a form, JSON (even `{}` on a GET), multipart, or
 * a form with no Content-Type at all. Anything else is one opaque value compared by hash.
 */
export function bodyParams(body: Buffer, contentType: string | undefined, out: Params = []): Params {
  if (body.length === 0) return out;
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = boundaryOf(contentType ?? '');
    if (boundary) {
      multipartParams(body, boundary, out);
      return out;
    }
  }
  const text = body.toString('utf8');
  if (type.includes('json') && jsonParams(text, out)) return out;
  if (type.includes('x-www-form-urlencoded')) return parseQuery(text.trim(), out);
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && jsonParams(trimmed, out)) return out;
  if (FORM_LIKE.test(trimmed)) return parseQuery(trimmed, out);
  out.push(['(body)', `sha256:${sha256(body)}`]);
  return out;
}
