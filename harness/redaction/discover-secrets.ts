import { headerValue } from '../headers.js';
import { readParams } from '../http/request-params.js';
import { bodyBytes } from '../http/stored-body.js';
import type { Exchange } from '../model/exchange.js';
import { mayHoldPlaceholder, PLACEHOLDER_PATTERN } from './placeholder.js';
import {
  SECRET_JSON_KEYS,
  SECRET_PARAM_NAMES,
  SECRET_PARAMS,
  SECRET_RESPONSE_KEYS,
} from './secret-params.js';
import { parseJson } from '../validation/nesting.js';

/** A secret value found in traffic; `inPlace` ones are replaced where found, not everywhere. */
export interface FoundSecret {
  kind: string;
  value: string;
}


function jsonUnescape(text: string): string {
  if (!text.includes('\\')) return text;
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

function urlDecode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A parameter value: anything but `&`, `#`, quotes, brackets and blanks, with JSON's `\/` and `\uXXXX` escapes
 * (but not those of `&`, `"`, `#`, `<`, `>`, which end it as the characters would).
 */
const VALUE = /(?:[^&#"'<>\s\\]|\\\/|\\u(?!00(?:26|22|23|3[cC]|3[eE]))[0-9a-fA-F]{4})*/y;

/** End of a parameter value starting at `start`. */
function valueEnd(text: string, start: number): number {
  VALUE.lastIndex = start;
  VALUE.exec(text);
  return VALUE.lastIndex;
}

/** A value already redacted (a placeholder, maybe inside more text) is not a secret to learn. */
function isPlaceholderLike(value: string): boolean {
  return mayHoldPlaceholder(value) && new RegExp(PLACEHOLDER_PATTERN.source).test(value);
}

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_PARAM_NAMES);

/** Whether code unit `c` can be part of a parameter name (`[A-Za-z0-9_.]`). */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46;
}

/**
 * `name=value` pairs in URLs, form bodies and URLs written inside JSON. One pass over the `=` signs (a page of
 * JSON has few), each checked for a secret parameter's name before it: a search per name costs ten times more.
 */
function scanUrlParams(text: string, found: FoundSecret[]): void {
  for (let eq = text.indexOf('='); eq !== -1; eq = text.indexOf('=', eq + 1)) {
    let start = eq;
    while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
    if (start === eq) continue;
    const name = text.slice(start, eq);
    if (!SECRET_NAMES.has(name)) continue;
    const raw = text.slice(eq + 1, valueEnd(text, eq + 1));
    const value = urlDecode(jsonUnescape(raw));
    if (value !== '' && !isPlaceholderLike(value)) found.push({ kind: SECRET_PARAMS[name] as string, value });
  }
}

const JSON_STRING = /\s*"((?:[^"\\]|\\.)*)"/y;

/**
 * `"name": "value"` pairs in JSON text, for keys in `names`, at any depth. One pass over the colons, each checked
 * for a key before it; keys in `noted` that occur are added to it (a profile document is told by its keys).
 */
function scanJsonKeys(
  text: string,
  names: ReadonlySet<string>,
  found: FoundSecret[],
  noted?: { keys: ReadonlySet<string>; seen: Set<string> },
): void {
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    let close = colon - 1;
    while (close > 0 && isBlank(text.charCodeAt(close))) close--;
    if (text.charCodeAt(close) !== 34 /* " */) continue;
    const open = text.lastIndexOf('"', close - 1);
    if (open === -1) continue;
    const key = text.slice(open + 1, close);
    if (noted?.keys.has(key)) noted.seen.add(key);
    if (!names.has(key)) continue;
    JSON_STRING.lastIndex = colon + 1;
    const m = JSON_STRING.exec(text);
    const value = m ? jsonUnescape(m[1] as string) : '';
    if (value !== '' && !isPlaceholderLike(value)) found.push({ kind: SECRET_PARAMS[key] ?? key, value });
  }
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The credentials of an `Authorization` header: Bearer/OAuth tokens are access tokens. */
function authorizationSecret(value: string): FoundSecret | undefined {
  const m = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(value);
  if (!m) return value.trim() === '' ? undefined : { kind: 'authorization', value: value.trim() };
  const scheme = (m[1] as string).toLowerCase();
  const credentials = m[2] as string;
  if (isPlaceholderLike(credentials)) return undefined;
  return {
    kind: scheme === 'bearer' || scheme === 'oauth' ? 'access_token' : 'authorization',
    value: credentials,
  };
}

/** A body as text for scanning; binary bodies as latin1, which keeps ASCII secrets intact. */
function bodyText(body: string | undefined, encoding: 'utf8' | 'base64' | undefined): string | undefined {
  if (body === undefined || body === '') return undefined;
  return encoding === 'base64' ? Buffer.from(body, 'base64').toString('latin1') : body;
}

/** A JSON key ending as every secret key does; one regex test is a fifth of the cost of an `includes` per ending. */
const REQUEST_KEY_ENDS = /(?:token|secret|proof)"/;
const RESPONSE_KEY_ENDS = /(?:token|secret)"/;
const REQUEST_JSON_KEYS: ReadonlySet<string> = new Set(SECRET_JSON_KEYS);
const RESPONSE_JSON_KEYS: ReadonlySet<string> = new Set(SECRET_RESPONSE_KEYS);
const PROFILE_KEYS: ReadonlySet<string> = new Set(['contract', 'tokens']);

/**
 * The request's own parameters, through the one reader of request parameters (query, form, JSON fields,
 * multipart fields); `code` counts except as a JSON field (`{"language": {"code": "en_US"}}` is no secret).
 */
function requestParamSecrets(exchange: Exchange, found: FoundSecret[]): void {
  const { request } = exchange;
  const query = request.url.indexOf('?');
  // Without a body or an escape in the query, its `name=value` pairs are as written: the scan finds the same
  // secrets as the reader (and a URL given as a value), at a fifth of the cost on every recorded GET.
  if (!request.body && (query === -1 || !request.url.includes('%', query))) {
    if (query !== -1) scanUrlParams(request.url.slice(query + 1), found);
    return;
  }
  const read = readParams({
    target: request.url,
    contentType: headerValue(request.headers, 'content-type'),
    ...(request.body ? { body: bodyBytes(request.body, request.bodyEncoding) } : {}),
  });
  for (const { name, value, from } of read.params) {
    if (typeof value !== 'string' || value === '') continue;
    // A URL given as a value (`next=https://host/?access_token=...`) carries parameters of its own.
    if (value.includes('=')) scanUrlParams(value, found);
    if (!SECRET_NAMES.has(name) || (from === 'json' && name === 'code')) continue;
    if (!isPlaceholderLike(value)) found.push({ kind: SECRET_PARAMS[name] as string, value });
  }
  if (read.rest && 'bytes' in read.rest && /multipart/i.test(headerValue(request.headers, 'content-type') ?? '')) {
    brokenMultipartSecrets(read.rest.bytes.toString('latin1'), found);
  }
}

/**
 * A multipart body cut off or malformed, so the reader could not split it: a secret field in it is still a
 * secret. Looked for by its `name="..."` and the blank line after its part headers.
 */
function brokenMultipartSecrets(text: string, found: FoundSecret[]): void {
  for (const name of SECRET_PARAM_NAMES) {
    const needle = `name="${name}"`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const blank = text.indexOf('\r\n\r\n', at);
      if (blank === -1) continue;
      const end = text.indexOf('\r\n', blank + 4);
      const value = text.slice(blank + 4, end === -1 ? undefined : end);
      if (value !== '' && !isPlaceholderLike(value)) found.push({ kind: SECRET_PARAMS[name] as string, value });
    }
  }
}

/** Every secret an exchange carries where the rules look: parameters, JSON keys, multipart fields, headers. */
export function discoverSecrets(exchange: Exchange): FoundSecret[] {
  const found: FoundSecret[] = [];
  const { request, response } = exchange;
  requestParamSecrets(exchange, found);
  for (const name in request.headers) {
    if (name.toLowerCase() !== 'authorization') continue;
    const value = request.headers[name] as string | string[];
    for (const v of Array.isArray(value) ? value : [value]) {
      const secret = authorizationSecret(v);
      if (secret) found.push(secret);
    }
  }
  // Free text may hold more: a URL inside a value (`redirect_uri`, `paging.next`), a key deeper in JSON.
  const requestText = bodyText(request.body, request.bodyEncoding);
  if (requestText !== undefined) {
    scanUrlParams(requestText, found);
    if (REQUEST_KEY_ENDS.test(requestText)) {
      scanJsonKeys(requestText, REQUEST_JSON_KEYS, found);
    }
  }
  if (!response) return found;
  for (const name in response.headers) {
    const lower = name.toLowerCase();
    if (lower !== 'location' && lower !== 'content-location' && lower !== 'link') continue;
    const value = response.headers[name] as string | string[];
    for (const v of Array.isArray(value) ? value : [value]) scanUrlParams(v, found);
  }
  const responseText = bodyText(response.body, response.bodyEncoding);
  if (responseText === undefined) return found;
  scanUrlParams(responseText, found);
  // Every key looked for ends so (`access_token`, `client_secret`, a profile's `tokens`): most pages have none.
  if (!RESPONSE_KEY_ENDS.test(responseText)) return found;
  const noted = { keys: PROFILE_KEYS, seen: new Set<string>() };
  scanJsonKeys(responseText, RESPONSE_JSON_KEYS, found, noted);
  if (noted.seen.size === PROFILE_KEYS.size) found.push(...profileDocumentSecrets(responseText));
  return found;
}

/**
 * A target profile as control `GET /profile` serves it (contract §1) names every token and the app secret under
 * keys no parameter rule knows (`tokens.page`, `app.secret`): recognised by its shape, whatever its address.
 */
function profileDocumentSecrets(text: string): FoundSecret[] {
  let doc: { tokens?: unknown; app?: { access_token?: unknown; secret?: unknown } } | null;
  try {
    doc = parseJson(text) as typeof doc;
  } catch {
    return [];
  }
  const tokens = doc?.tokens;
  if (typeof tokens !== 'object' || tokens === null) return [];
  const app = typeof doc?.app === 'object' && doc.app !== null ? doc.app : {};
  const values = [...Object.values(tokens), app.access_token].filter(isSecretText);
  return [
    ...values.map((value) => ({ kind: 'access_token', value })),
    ...[app.secret].filter(isSecretText).map((value) => ({ kind: 'secret', value })),
  ];
}

function isSecretText(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !isPlaceholderLike(value);
}
