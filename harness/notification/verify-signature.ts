import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the receiver concluded about `X-Hub-Signature-256`:
 * `missing` (no header or an empty one), `malformed-prefix` (the value does not start with `sha256=`),
 * `mismatch` (what follows the prefix is not the hex HMAC of the raw bytes), `ok`.
 */
export type SignatureVerdict = 'ok' | 'missing' | 'malformed-prefix' | 'mismatch';

const PREFIX = 'sha256=';
const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;

/**
 * Checks a notification the way the spec tells receivers to (reading R6): HMAC-SHA256 keyed by the app secret
 * over the exact raw body, hex, compared case-insensitively and in constant time.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): SignatureVerdict {
  return verifyDigest(createHmac('sha256', appSecret).update(rawBody).digest(), header);
}

/** `verifySignature` for a body too large to hold: `expected` is the HMAC computed as its bytes streamed by. */
export function verifyDigest(expected: Buffer, header: string | string[] | undefined): SignatureVerdict {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (value === undefined || value === '') return 'missing';
  if (!value.startsWith(PREFIX)) return 'malformed-prefix';
  const hex = value.slice(PREFIX.length);
  if (!HEX_DIGEST.test(hex)) return 'mismatch';
  return timingSafeEqual(expected, Buffer.from(hex, 'hex')) ? 'ok' : 'mismatch';
}
