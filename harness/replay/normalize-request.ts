import { bodyParams, canonicalValue, type Params, parseQuery } from './body-params.js';
import type { SecretResolver } from './secret-resolver.js';

/** A request reduced to what replay compares: method, path, and parameters as data. */
export interface NormalizedRequest {
  method: string;
  path: string;
  /** Sorted by name; secrets replaced by their placeholder id. */
  params: Params;
  /** The index key: equal keys mean the requests match. */
  key: string;
}

export interface RequestInput {
  method: string;
  /** Path and query as sent (`/v25.0/1/feed?limit=2`), or an absolute URL. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface MatchOptions {
  /** Compare paths without their `/vX.Y` prefix. */
  ignoreVersion?: boolean;
  /** Path prefix of the recorded target (`/base` of `http://host/base`), removed from recorded paths. */
  basePath?: string;
}

const BEARER = /^\s*(?:bearer|oauth)\s+(\S+)\s*$/i;
const VERSION_PREFIX = /^\/v\d+\.\d+(?=\/|$)/;

/** Header names are lower case here: node lowercases live ones, and recorded ones are lowered at load. */
function header(headers: RequestInput['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Recorded headers with lower-case names, as `normalizeRequest` expects. */
export function lowerCaseHeaders(headers: RequestInput['headers']): RequestInput['headers'] {
  const out: RequestInput['headers'] = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

function splitTarget(target: string): { path: string; query: string } {
  let rest = target;
  const scheme = rest.indexOf('://');
  if (scheme !== -1) {
    const slash = rest.indexOf('/', scheme + 3);
    rest = slash === -1 ? '/' : rest.slice(slash);
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  return q === -1 ? { path: rest, query: '' } : { path: rest.slice(0, q), query: rest.slice(q + 1) };
}

function normalPath(raw: string, options: MatchOptions): string {
  let path = raw;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // a malformed escape is compared as sent
    }
  }
  if (options.basePath && path.startsWith(options.basePath))
    path = path.slice(options.basePath.length) || '/';
  return options.ignoreVersion ? path.replace(VERSION_PREFIX, '') || '/' : path;
}

/** Path segments that are secrets (a token or an app secret in a path) become their placeholder ids. */
function resolvePath(
  path: string,
  resolver: SecretResolver,
  carried: Map<string, string> | undefined,
): string {
  if (!resolver.active) return path;
  let changed = false;
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const id = resolver.idFor(segment);
    if (id === undefined || id === segment) continue;
    if (carried && !segment.startsWith('<redacted:')) carried.set(id, segment);
    segments[i] = id;
    changed = true;
  }
  return changed ? segments.join('/') : path;
}

/**
 * Normalises a request. `carried` receives, per placeholder id, the real secret the request sent for it,
 * so the response can be given back with those placeholders filled in.
 */
export function normalizeRequest(
  input: RequestInput,
  resolver: SecretResolver,
  options: MatchOptions = {},
  carried?: Map<string, string>,
): NormalizedRequest {
  const { path, query } = splitTarget(input.target);
  const params = parseQuery(query);
  bodyParams(input.body, header(input.headers, 'content-type'), params);
  const authorization = header(input.headers, 'authorization');
  if (authorization && !params.some(([name]) => name === 'access_token')) {
    // A token in `Authorization: Bearer` matches the same token sent as `access_token`.
    const bearer = BEARER.exec(authorization)?.[1];
    if (bearer) params.push(['access_token', bearer]);
  }
  for (const param of params) {
    const id = resolver.idFor(param[1]);
    // A literal placeholder is carried too: the answer then names it in its recorded form (URL-encoded inside
    // `paging.next`), so an offline run can follow the link it was given.
    if (id !== undefined && carried) carried.set(id, param[1]);
    param[1] = id ?? canonicalValue(param[1]);
  }
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const method = input.method.toUpperCase();
  const normal = resolvePath(normalPath(path, options), resolver, carried);
  let key = `${method} ${normal}`;
  for (const [name, value] of params) key += `\u0000${name}\u0001${value}`;
  return { method, path: normal, params, key };
}
