import { createHash } from 'node:crypto';
import type { OversizeBody } from '../http/body-limit.js';
import { readParams } from '../http/request-params.js';
import { anyPlaceholderOf, placeholderIdOf } from '../redaction/placeholder.js';
import { IGNORED_IN_MATCHING } from '../redaction/secret-params.js';
import type { SecretResolver } from './secret-resolver.js';
import { parseJson } from '../validation/nesting.js';

/** Parameters as name/value pairs. */
export type Params = Array<[string, string]>;

/**
 * How a secret the client sends must agree with the one recorded in its place: `hash` (the same secret, through
 * the cassette's keyed hash, or its placeholder), or `any` (whatever value stands where a secret was recorded:
 * CI replays a cassette recorded with real tokens using dummy ones).
 */
export type SecretMatching = 'hash' | 'any';

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
  /** The body went past the size limit: it is compared by its size and hash alone. */
  bodyTooLarge?: OversizeBody;
}

export interface MatchOptions {
  /** Compare paths without their `/vX.Y` prefix. */
  ignoreVersion?: boolean;
  /** Path prefix of the recorded target (`/base` of `http://host/base`), removed from recorded paths. */
  basePath?: string;
  secrets?: SecretMatching;
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

function pathOfTarget(target: string): string {
  let rest = target;
  const scheme = rest.indexOf('://');
  if (scheme !== -1) {
    const slash = rest.indexOf('/', scheme + 3);
    rest = slash === -1 ? '/' : rest.slice(slash);
  }
  const end = rest.search(/[?#]/);
  return end === -1 ? rest : rest.slice(0, end);
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
  if (options.basePath && path.startsWith(options.basePath)) path = path.slice(options.basePath.length) || '/';
  return options.ignoreVersion ? path.replace(VERSION_PREFIX, '') || '/' : path;
}

/** Path segments that are secrets (a token or an app secret in a path) become their placeholder ids. */
function resolvePath(path: string, resolver: SecretResolver, carried: Map<string, string> | undefined): string {
  if (!resolver.active) return path;
  let changed = false;
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const id = resolver.idFor(segment);
    if (id === undefined || id === segment) continue;
    if (carried && placeholderIdOf(segment) === undefined) carried.set(id, segment);
    segments[i] = id;
    changed = true;
  }
  return changed ? segments.join('/') : path;
}

/**
 * JSON with object keys in one order, so two encodings of the same data compare equal. A copy with its keys sorted,
 * written by the native encoder: a control request of 2,500 updates took 25 ms written key by key, 11 this way.
 * (An object's integer-like keys come first, in numeric order, as JavaScript enumerates them: still one order.)
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value)) ?? 'null';
}

/** `value` with every object's keys sorted; what JSON drops from an object (undefined, a function) becomes null. */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value === null || typeof value !== 'object') return value;
  // No prototype, so a `__proto__` key read from JSON stays a key.
  const sorted = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) {
    const inner = (value as Record<string, unknown>)[key];
    sorted[key] = inner === undefined || typeof inner === 'function' || typeof inner === 'symbol' ? null : sortedCopy(inner);
  }
  return sorted;
}

/** A parameter value compared as data: JSON-looking text (`{"age_min":13}`) is compared by its meaning. */
export function canonicalValue(value: unknown): string {
  if (typeof value !== 'string') return typeof value === 'object' ? canonicalJson(value) : String(value);
  const code = value.charCodeAt(0);
  // Most values are plain words: decide on the first character without copying the string.
  if (code !== 123 /* { */ && code !== 91 /* [ */ && !(code <= 32 && /^\s*[[{]/.test(value))) return value;
  try {
    return canonicalJson(parseJson(value));
  } catch {
    return value;
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The parameters replay compares: the one reader's, with files and bodies that hold none compared by hash. */
function paramsOf(input: RequestInput): Params {
  if (input.bodyTooLarge) {
    const params = readParams({ target: input.target }).params.map((p): [string, string] => [p.name, String(p.value)]);
    params.push(['(body)', `${input.bodyTooLarge.size} bytes sha256:${input.bodyTooLarge.sha256}`]);
    return params;
  }
  const read = readParams({ target: input.target, contentType: header(input.headers, 'content-type'), body: input.body });
  const params: Params = [];
  for (const { name, value } of read.params) params.push([name, typeof value === 'string' ? value : canonicalValue(value)]);
  for (const file of read.files) params.push([file.name, `file ${file.filename} sha256:${sha256(file.content)}`]);
  if (read.rest) {
    params.push(['(body)', 'json' in read.rest ? canonicalJson(read.rest.json) : `sha256:${sha256(read.rest.bytes)}`]);
  }
  return params;
}

/**
 * A derived secret (`appsecret_proof`) is not compared, but the answer may name it (`paging.next` repeats it):
 * there it becomes what this request sent, the recorded proof of the same token or any proof of this client.
 */
function carryDerived([name, value]: [string, string], resolver: SecretResolver, carried: Map<string, string>): void {
  const id = resolver.idFor(value);
  if (id !== undefined) carried.set(id, value);
  carried.set(anyPlaceholderOf(name), value);
}

/** The index key of a normalised request. */
export function keyOf(method: string, path: string, params: Params): string {
  let key = `${method} ${path}`;
  for (const [name, value] of params) key += `\u0000${name}\u0001${value}`;
  return key;
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
  const params: Params = [];
  for (const param of paramsOf(input)) {
    if (!IGNORED_IN_MATCHING.has(param[0])) params.push(param);
    else if (carried) carryDerived(param, resolver, carried);
  }
  const authorization = header(input.headers, 'authorization');
  if (authorization && !params.some(([name]) => name === 'access_token')) {
    // A token in `Authorization: Bearer` matches the same token sent as `access_token`.
    const bearer = BEARER.exec(authorization)?.[1];
    if (bearer) params.push(['access_token', bearer]);
  }
  for (const param of params) {
    const id = resolver.idFor(param[1]);
    // A literal placeholder is carried too: the answer then names it where the recorded one stood, so an
    // offline run can follow the link it was given.
    if (id !== undefined && carried) carried.set(id, param[1]);
    param[1] = id ?? canonicalValue(param[1]);
  }
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const method = input.method.toUpperCase();
  const path = resolvePath(normalPath(pathOfTarget(input.target), options), resolver, carried);
  return { method, path, params, key: keyOf(method, path, params) };
}
