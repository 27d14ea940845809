import { createHmac } from 'node:crypto';

/**
 * The signature header value for these exact bytes: `sha256=` + lowercase hex HMAC-SHA256 (X-Hub-Signature-256,
 * reading R6), or with `sha1` the legacy X-Hub-Signature a notification may carry beside it.
 */
export function signPayload(rawBody: Buffer | string, appSecret: string, algorithm: 'sha256' | 'sha1' = 'sha256'): string {
  return `${algorithm}=${createHmac(algorithm, appSecret).update(rawBody).digest('hex')}`;
}
