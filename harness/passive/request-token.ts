import { paramValue } from '../checks/requests/param-value.js';
import { headerValue } from '../headers.js';
import type { Exchange } from '../model/index.js';
import { readRequestOnce } from './read-request-once.js';

const SCHEME = /^\s*(?:bearer|oauth)\s+(\S+)\s*$/i;

/**
 * The token a recorded request carried: its `access_token` parameter (query, form or JSON), else the credential of
 * an `Authorization: Bearer` (or `OAuth`) header; '' for none. In a redacted recording this is a placeholder, the
 * same one wherever the same token was sent.
 */
export function tokenOf(exchange: Exchange): string {
  const param = paramValue(readRequestOnce(exchange).params, 'access_token');
  if (typeof param === 'string' && param !== '') return param;
  const header = headerValue(exchange.request.headers, 'authorization');
  return (header && SCHEME.exec(header)?.[1]) ?? '';
}

/**
 * Whether a recorded request carried no credential at all: no `access_token` parameter (one sent empty is not
 * judged: whether that counts as given is not stated), no `Authorization` header, no cookie.
 */
export function carriesNoToken(exchange: Exchange): boolean {
  const { headers } = exchange.request;
  if (headerValue(headers, 'authorization') !== undefined || headerValue(headers, 'cookie') !== undefined) return false;
  return paramValue(readRequestOnce(exchange).params, 'access_token') === undefined;
}
