import { isRecord } from '../checks/check.js';
import { isErrorResponse } from '../checks/error-envelope.js';
import type { Exchange } from '../model/index.js';
import type { ExchangeMatch } from '../suite/suite.js';
import { paramMatches } from '../checks/requests/param-matcher.js';
import { paramValue } from '../checks/requests/param-value.js';
import { isConflicting } from '../checks/requests/conflicting.js';
import { unversionedPath } from '../checks/requests/request-params.js';
import { readRequestOnce } from './read-request-once.js';
import { carriesNoToken } from './request-token.js';

/** Whether a recorded exchange is one a passive rule speaks about. */
export function matchesExchange(match: ExchangeMatch, exchange: Exchange, body: unknown): boolean {
  const kind = match.kind ?? 'api';
  if ((exchange.kind ?? 'api') !== kind) return false;
  // An API call is judged by its answer; a webhook request by what the target sent, answered or not.
  if (kind === 'api' && (!exchange.response || exchange.response.bodyOmitted)) return false;
  if (kind === 'webhook-notification' && exchange.request.bodyOmitted) return false;
  if (match.method && exchange.request.method.toUpperCase() !== match.method) return false;
  if (match.path && !pathMatches(match.path, pathSegments(exchange))) return false;
  if (match.version && !versionAbove(exchange.request.url, match.version.above)) return false;
  if (match.ok !== undefined && match.ok === isErrorResponse(exchange, body)) return false;
  if (match.json && body === undefined) return false;
  if (match.token === false && !carriesNoToken(exchange)) return false;
  if (!match.params && match.files === undefined) return true;
  const request = readRequestOnce(exchange);
  // Where the body could not be read, a parameter or file that seems absent may have been sent.
  if (!request.complete) return false;
  if (match.files !== undefined && !filesMatch(match.files, request.files)) return false;
  return Object.entries(match.params ?? {}).every(([name, expected]) => {
    // Sent twice with different values: which one the service took is not stated, so the exchange is not judged.
    if (isConflicting(request.conflicting, name)) return false;
    const value = paramValue(request.params, name);
    // Sent empty (`tags=`, `null`): whether that counts as given is not stated, so the exchange is not judged,
    // unless the block speaks of the empty value itself (`application_id` is stated a non-empty string).
    if (value === '' && isRecord(expected) && expected.equals === '') return true;
    return value !== '' && value !== null && paramMatches(value, expected);
  });
}

/** Whether the request's path carries a version prefix newer than `version` (`v25.1` above `v25.0`). */
function versionAbove(url: string, version: string): boolean {
  const sent = /^\/v(\d+)\.(\d+)(?=\/|$)/.exec(new URL(url).pathname);
  const bound = /^v(\d+)\.(\d+)$/.exec(version);
  if (!sent || !bound) return false;
  const [major, minor] = [Number(sent[1]), Number(sent[2])];
  const [boundMajor, boundMinor] = [Number(bound[1]), Number(bound[2])];
  return major > boundMajor || (major === boundMajor && minor > boundMinor);
}

function filesMatch(want: NonNullable<ExchangeMatch['files']>, files: number[]): boolean {
  if (typeof want === 'boolean') return want === files.length > 0;
  return files.length > 0 && (want.largest_bytes_gte === undefined || Math.max(...files) >= want.largest_bytes_gte);
}

/**
 * A `{..._id}` segment stands for an object id; `me` is the token's own user (or Page), never a Page id for sure,
 * so `/me/feed` is not judged by rules the spec states for `/{page_id}/feed`; `oauth` is the authorization
 * endpoints' own path (`/oauth/authorize`, `/oauth/access_token`), no object at all.
 */
function pathMatches(pattern: string, got: readonly string[]): boolean {
  const want = patternSegments(pattern);
  return want.length === got.length && want.every((segment, i) => (segment === ANY_ID ? got[i] !== 'me' && got[i] !== 'oauth' : segment === got[i]));
}

// Every exchange is offered to every passive rule's matchers (about 7,000 x 119 for the shipped cassette): each
// pattern is taken apart once, and each exchange's path once.
const ANY_ID = Symbol('any id');
const patterns = new Map<string, (string | typeof ANY_ID)[]>();
const paths = new WeakMap<Exchange, string[]>();

function patternSegments(pattern: string): (string | typeof ANY_ID)[] {
  let segments = patterns.get(pattern);
  if (!segments) patterns.set(pattern, (segments = pattern.split('/').filter(Boolean).map((s) => (/^\{\w+\}$/.test(s) ? ANY_ID : s))));
  return segments;
}

function pathSegments(exchange: Exchange): string[] {
  let segments = paths.get(exchange);
  if (!segments) paths.set(exchange, (segments = unversionedPath(exchange.request.url).split('/').filter(Boolean)));
  return segments;
}
