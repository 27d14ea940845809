import type { Exchange } from '../model/index.js';
import { isConflicting } from './requests/conflicting.js';
import { paramValue } from './requests/param-value.js';
import { readRequest } from './requests/request-params.js';

/**
 * The value a recorded request sent for a parameter (query, form, JSON or multipart field; a dotted name reaches
 * into an object parameter), or undefined when there is none to judge: not sent, sent empty, sent twice with
 * different values, or in a body that could not be read whole. Client-side checks judge only what was sent.
 */
export function sentParam(exchange: Exchange, name: string): unknown {
  const request = readRequest(exchange);
  if (!request.complete || isConflicting(request.conflicting, name)) return undefined;
  const value = paramValue(request.params, name);
  return value === '' || value === null ? undefined : value;
}

/** A whole number sent as a number or as its digits, else undefined. */
export function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : undefined;
}
