import type { Exchange } from '../model/index.js';
import { lookup } from '../validation/lookup.js';
import { type CheckContext, isRecord } from './check.js';

/** Contract §3.1: a response is an error when its status is not 2xx or its body has a top-level `error` object. */
export function isErrorResponse(exchange: Exchange, body: unknown): boolean {
  const status = exchange.response?.status ?? 0;
  return status < 200 || status > 299 || (isRecord(body) && isRecord(body.error));
}

export function errorPart(body: unknown, part: keyof CheckContext['errorPaths'], ctx: CheckContext): unknown {
  return lookup(body, ctx.errorPaths[part]);
}

export function describeResponse(exchange: Exchange, body: unknown): string {
  const status = exchange.response?.status ?? 'no response';
  const text = body === undefined ? (exchange.response?.body ?? '') : JSON.stringify(body);
  return `HTTP ${status} ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
}
