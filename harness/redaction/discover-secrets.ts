import type { Exchange, Headers } from '../model/exchange.js';
import { mayHoldPlaceholder, PLACEHOLDER_PATTERN } from './placeholder.js';
import {
  SECRET_JSON_KEYS,
  SECRET_PARAM_NAMES,
  SECRET_PARAMS,
  SECRET_RESPONSE_KEYS,
} from './secret-params.js';

/** A secret value found in traffic; `inPlace` ones are replaced where found, not everywhere. */
export interface FoundSecret {
  kind: string;
  value: string;
}

const NAME_CHAR = /[A-Za-z0-9_.]/;

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

/** End of a parameter value starting at `start`: stops at `&`, `#`, quotes, brackets, blanks, or a JSON `\u0026`. */
function valueEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      const esc = text.slice(i, i + 6).toLowerCase();
      if (text[i + 1] === '/') i += 2;
      else if (
        /^\\u[0-9a-f]{4}$/.test(esc) &&
        !['\\u0026', '\\u0022', '\\u0023', '\\u003c', '\\u003e'].includes(esc)
      )
        i += 6;
      else break;
    } else if (c === undefined || /[&#"'<>\s]/.test(c)) break;
    else i += 1;
  }
  return i;
}

/** A value already redacted (a placeholder, maybe inside more text) is not a secret to learn. */
function isPlaceholderLike(value: string): boolean {
  return mayHoldPlaceholder(value) && new RegExp(PLACEHOLDER_PATTERN.source).test(value);
}

/** `name=value` pairs in URLs, form bodies and URLs written inside JSON. */
export function scanUrlParams(text: string, found: FoundSecret[]): void {
  for (const name of SECRET_PARAM_NAMES) {
    const needle = `${name}=`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const before = at > 0 ? text[at - 1] : '';
      if (before && NAME_CHAR.test(before)) continue;
      const start = at + needle.length;
      const raw = text.slice(start, valueEnd(text, start));
      const value = urlDecode(jsonUnescape(raw));
      if (value !== '' && !isPlaceholderLike(value))
        found.push({ kind: SECRET_PARAMS[name] as string, value });
    }
  }
}

/** `"name": "value"` pairs in JSON text. */
export function scanJsonKeys(text: string, names: readonly string[], found: FoundSecret[]): void {
  for (const name of names) {
    const needle = `"${name}"`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const m = /^\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text.slice(at + needle.length, at + needle.length + 4096));
      const value = m ? jsonUnescape(m[1] as string) : '';
      if (value !== '' && !isPlaceholderLike(value)) found.push({ kind: SECRET_PARAMS[name] ?? name, value });
    }
  }
}

/** Fields of a multipart body: `name="access_token"`, part headers, a blank line, the value. */
export function scanMultipart(text: string, found: FoundSecret[]): void {
  for (const name of SECRET_PARAM_NAMES) {
    const needle = `name="${name}"`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const blank = text.indexOf('\r\n\r\n', at);
      if (blank === -1) continue;
      const end = text.indexOf('\r\n', blank + 4);
      const value = text.slice(blank + 4, end === -1 ? undefined : end);
      if (value !== '' && !isPlaceholderLike(value))
        found.push({ kind: SECRET_PARAMS[name] as string, value });
    }
  }
}

/** Cheap pre-check: does `text` mention any secret parameter name at all? */
export function mentionsSecretParam(text: string): boolean {
  for (const name of SECRET_PARAM_NAMES) if (text.includes(name)) return true;
  return false;
}

/** The credentials of an `Authorization` header: Bearer/OAuth tokens are access tokens. */
export function authorizationSecret(value: string): FoundSecret | undefined {
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

function headerEntries(headers: Headers): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) out.push([name.toLowerCase(), v]);
  }
  return out;
}

/** A body as text for scanning; binary bodies as latin1, which keeps ASCII secrets intact. */
function bodyText(body: string | undefined, encoding: 'utf8' | 'base64' | undefined): string | undefined {
  if (body === undefined || body === '') return undefined;
  return encoding === 'base64' ? Buffer.from(body, 'base64').toString('latin1') : body;
}

/** Every secret an exchange carries where the rules look: parameters, JSON keys, multipart fields, headers. */
export function discoverSecrets(exchange: Exchange): FoundSecret[] {
  const found: FoundSecret[] = [];
  const { request, response } = exchange;
  scanUrlParams(request.url, found);
  for (const [name, value] of headerEntries(request.headers)) {
    if (name === 'authorization') {
      const secret = authorizationSecret(value);
      if (secret) found.push(secret);
    }
  }
  const requestText = bodyText(request.body, request.bodyEncoding);
  if (requestText !== undefined && mentionsSecretParam(requestText)) {
    scanUrlParams(requestText, found);
    scanJsonKeys(requestText, SECRET_JSON_KEYS, found);
    scanMultipart(requestText, found);
  }
  if (!response) return found;
  for (const [name, value] of headerEntries(response.headers)) {
    if (name === 'location' || name === 'content-location' || name === 'link') scanUrlParams(value, found);
  }
  const responseText = bodyText(response.body, response.bodyEncoding);
  if (responseText !== undefined && mentionsSecretParam(responseText)) {
    scanUrlParams(responseText, found);
    scanJsonKeys(responseText, SECRET_RESPONSE_KEYS, found);
  }
  if (responseText !== undefined) found.push(...profileDocumentSecrets(responseText));
  return found;
}

/**
 * A target profile as control `GET /profile` serves it (contract §1) names every token and the app secret under
 * keys no parameter rule knows (`tokens.page`, `app.secret`): recognised by its shape, whatever its address.
 */
function profileDocumentSecrets(text: string): FoundSecret[] {
  if (!text.includes('"contract"') || !text.includes('"tokens"')) return [];
  let doc: { tokens?: unknown; app?: { access_token?: unknown; secret?: unknown } } | null;
  try {
    doc = JSON.parse(text) as typeof doc;
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
