import { createHmac } from 'node:crypto';

/** The `X-Hub-Signature-256` value for these exact bytes: `sha256=` + lowercase hex HMAC-SHA256 (reading R6). */
export function signPayload(rawBody: Buffer | string, appSecret: string): string {
  return 'sha256=' + createHmac('sha256', appSecret).update(rawBody).digest('hex');
}
