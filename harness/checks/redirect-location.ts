import type { Exchange } from '../model/index.js';
import { isRecord } from './check.js';

/** A redirect URL taken apart, keeping each query value both decoded and exactly as written. */
export interface RedirectParts {
  raw: string;
  /** Everything before `?` (or `#`): where the person is sent. */
  base: string;
  params: Record<string, string>;
  rawParams: Record<string, string>;
  /** The text after `#`, without it; undefined when there is no `#`. */
  fragment?: string;
}

/** The redirect of an answer: `location` in a JSON body (control `authorize`), else the Location header. */
export function locationOf(exchange: Exchange, body: unknown): string | undefined {
  if (isRecord(body) && typeof body.location === 'string') return body.location;
  const headers = exchange.response?.headers ?? {};
  const key = Object.keys(headers).find((name) => name.toLowerCase() === 'location');
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

export function parseRedirect(raw: string): RedirectParts {
  const hash = raw.indexOf('#');
  const beforeHash = hash === -1 ? raw : raw.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const search = question === -1 ? '' : beforeHash.slice(question + 1);
  const params: Record<string, string> = {};
  const rawParams: Record<string, string> = {};
  for (const pair of search.split('&').filter(Boolean)) {
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decodeComponent(rawName);
    // The first occurrence wins, as URLSearchParams.get would have it.
    if (name in params) continue;
    params[name] = decodeComponent(rawValue);
    rawParams[name] = rawValue;
  }
  return {
    raw,
    base: question === -1 ? beforeHash : beforeHash.slice(0, question),
    params,
    rawParams,
    ...(hash === -1 ? {} : { fragment: raw.slice(hash + 1) }),
  };
}

/** Form decoding (`+` is a space); a malformed escape is kept as written rather than thrown. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
