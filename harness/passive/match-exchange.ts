import { isErrorResponse } from '../checks/error-envelope.js';
import { type Matcher, MATCHER_KEYS, mismatches } from '../checks/matchers.js';
import type { Exchange } from '../model/index.js';
import type { ExchangeMatch } from '../suite/suite.js';
import { requestParams, unversionedPath } from './request-params.js';

/** Whether a recorded exchange is one a passive rule speaks about. */
export function matchesExchange(match: ExchangeMatch, exchange: Exchange, body: unknown): boolean {
  if (!exchange.response || (exchange.kind ?? 'api') !== 'api') return false;
  if (match.method && exchange.request.method.toUpperCase() !== match.method) return false;
  if (!pathMatches(match.path, unversionedPath(exchange.request.url))) return false;
  if (match.ok !== undefined && match.ok === isErrorResponse(exchange, body)) return false;
  const params = requestParams(exchange);
  return Object.entries(match.params ?? {}).every(([name, expected]) => paramMatches(params[name], expected));
}

function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, i) => /^\{\w+\}$/.test(segment) || segment === got[i]);
}

function paramMatches(value: unknown, expected: unknown): boolean {
  const isMatcher =
    expected !== null && typeof expected === 'object' && Object.keys(expected).every((k) => MATCHER_KEYS.includes(k));
  if (!isMatcher) return value === String(expected);
  const numeric = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return mismatches(numeric, expected as Matcher).length === 0;
}
