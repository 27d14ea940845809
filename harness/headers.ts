import type { Headers } from './model/exchange.js';

/** The key under which header `name` is kept, whatever its letter case (recordings keep what was sent). */
export function headerKey(headers: Headers | undefined, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(headers ?? {}).find((key) => key.toLowerCase() === lower);
}

/** The first value of header `name`, whatever its letter case. */
export function headerValue(headers: Headers | undefined, name: string): string | undefined {
  const key = headerKey(headers, name);
  const value = key === undefined ? undefined : headers![key];
  return Array.isArray(value) ? value[0] : value;
}
