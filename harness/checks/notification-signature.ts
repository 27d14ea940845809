import { type SignatureVerdict, verifySignature } from '../receiver/verify-signature.js';
import { type Check, eachExchange, isRecord } from './check.js';
import { requestBytes, requestHeader } from './webhook-facts.js';

interface Args {
  /** The app secret, the key of the HMAC (`{{app.secret}}`); never shown in messages. */
  app_secret: string;
}

const PROBLEMS: Record<Exclude<SignatureVerdict, 'ok'>, string> = {
  missing: 'the notification has no X-Hub-Signature-256 header',
  'malformed-prefix': 'X-Hub-Signature-256 does not start with `sha256=`',
  mismatch: 'X-Hub-Signature-256 is not the HMAC-SHA256 of the raw body keyed by the app secret (R6)',
};

/** Every notification is signed over its exact raw bytes with the app secret; compared in constant time. */
export const notificationSignature: Check = {
  name: 'notification-signature',
  acceptsAnyBody: true,
  explain: () =>
    'every notification carries `X-Hub-Signature-256: sha256=<hex>`, ' +
    'the HMAC-SHA256 of its exact raw body keyed by the app secret (R6)',
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.app_secret === 'string' ? undefined : 'notification-signature takes { app_secret }',
  run: (input, raw) => {
    const { app_secret: secret } = raw as Args;
    return eachExchange(input, (exchange) => {
      const header = requestHeader(exchange, 'x-hub-signature-256');
      const verdict = verifySignature(requestBytes(exchange), header, secret);
      if (verdict === 'ok') return [];
      return [{ message: PROBLEMS[verdict], actual: header }];
    }).slice(0, 10);
  },
};
