import { signPayload } from '../notification/sign-payload.js';

/** How a notification's body is written: plain UTF-8 JSON, or ASCII-only as PHP-style encoders write it. */
export const ENCODINGS = ['raw', 'escaped'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * How a notification is signed. `valid`: X-Hub-Signature-256 over the exact bytes with the app secret (the
 * service's form). The others are forgeries a validating receiver refuses: another secret, no header, a header
 * that is not `sha256=` and 64 hex digits, and a valid legacy X-Hub-Signature (SHA-1) beside a wrong
 * X-Hub-Signature-256 (a middleware that reads only the legacy header accepts it).
 */
export const SIGNATURES = ['valid', 'wrong-secret', 'absent', 'malformed', 'legacy-only'] as const;
export type Signature = (typeof SIGNATURES)[number];

export function notificationBytes(value: unknown, encoding: Encoding, nowSeconds: number): Buffer {
  const stamped = stampTimes(value, nowSeconds);
  return Buffer.from(encoding === 'escaped' ? escapedJson(stamped) : JSON.stringify(stamped), 'utf8');
}

export function signatureHeaders(bytes: Buffer, secret: string, signature: Signature): Record<string, string> {
  const forged = signPayload(bytes, `${secret}-not-the-secret`);
  switch (signature) {
    case 'valid':
      return { 'x-hub-signature-256': signPayload(bytes, secret) };
    case 'wrong-secret':
      return { 'x-hub-signature-256': forged };
    case 'absent':
      return {};
    case 'malformed':
      return { 'x-hub-signature-256': `sha256=${'z'.repeat(64)}` };
    case 'legacy-only':
      return {
        'x-hub-signature': signPayload(bytes, secret, 'sha1'),
        'x-hub-signature-256': forged,
      };
  }
}

/** Every `entry[]` without a `time` gets the sending time: the service's clock is graphcheck's own here. */
function stampTimes(value: unknown, nowSeconds: number): unknown {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { entry?: unknown }).entry)) return value;
  const body = value as { entry: unknown[] };
  return {
    ...body,
    entry: body.entry.map((e) => (typeof e === 'object' && e !== null && !('time' in e) ? { ...e, time: nowSeconds } : e)),
  };
}

/** ASCII-only JSON: every code unit above 0x7e as `\uXXXX` (surrogates separately) and `/` as `\/`. */
export function escapedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}
