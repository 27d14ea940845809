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

/** Set by the replay server on an answer it could not find in the cassette (value `miss`). */
export const REPLAY_MISS_HEADER = 'x-graphcheck-replay';

/**
 * Set by the recorder on its own answer when the target could not be reached or did not answer in time; the value
 * is the network error's code, so a client tells the recorder's 502 from the target's answers.
 */
export const RECORDER_ERROR_HEADER = 'x-graphcheck-recorder-error';
