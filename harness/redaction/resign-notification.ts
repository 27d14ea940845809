import { timingSafeEqual } from 'node:crypto';
import type { Exchange, Headers } from '../model/exchange.js';
import { bodyBytes } from '../http/stored-body.js';
import { headerKey, headerValue } from '../headers.js';
import { signPayload } from '../notification/sign-payload.js';

const SIGNATURE_HEADERS = [
  { name: 'x-hub-signature-256', algorithm: 'sha256' },
  { name: 'x-hub-signature', algorithm: 'sha1' },
] as const;

/**
 * Whether a recorded notification's `X-Hub-Signature-256` matches its raw body under `secret` (R6: HMAC-SHA256,
 * hex, compared case-insensitively). Undefined when the exchange carries no such header.
 */
export function notificationSignatureValid(exchange: Exchange, secret: string): boolean | undefined {
  const header = headerValue(exchange.request.headers, 'x-hub-signature-256');
  if (header === undefined) return undefined;
  const body = bodyBytes(exchange.request.body, exchange.request.bodyEncoding);
  const expected = Buffer.from(signPayload(body, secret).toLowerCase());
  const actual = Buffer.from(header.trim().toLowerCase());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A copy of a webhook notification whose signature headers are recomputed over its raw body with the
 * cassette's stand-in secret, so a redacted cassette still verifies. A notification recorded with a bad
 * signature (`signatureValid: false`) is signed with a different key, so it stays bad.
 */
export function resignNotification(exchange: Exchange, standInSecret: string): Exchange {
  const body = bodyBytes(exchange.request.body, exchange.request.bodyEncoding);
  const key = exchange.signatureValid === false ? `${standInSecret}:not-the-secret` : standInSecret;
  const headers: Headers = { ...exchange.request.headers };
  for (const { name, algorithm } of SIGNATURE_HEADERS) {
    const found = headerKey(headers, name);
    if (found && headerValue(headers, found)?.startsWith(`${algorithm}=`)) headers[found] = signPayload(body, key, algorithm);
  }
  return { ...exchange, request: { ...exchange.request, headers } };
}
