import { type SignatureVerdict, verifySignature } from '../notification/verify-signature.js';
import { type Check, eachExchange, judgedCount } from './check.js';
import { object, STRING } from '../validation/json-schema.js';
import { requestBytes, requestHeader } from './webhook-facts.js';

export interface Args {
  /** The app secret, the key of the HMAC (`{{app.secret}}`); never shown in messages. */
  app_secret: string;
}

const PROBLEMS: Record<Exclude<SignatureVerdict, 'ok'>, string> = {
  missing: 'the notification has no X-Hub-Signature-256 header',
  'malformed-prefix': 'X-Hub-Signature-256 does not start with `sha256=`',
  mismatch: 'X-Hub-Signature-256 is not the HMAC-SHA256 of the raw body keyed by the app secret (R6)',
};

/** Every notification is signed over its exact raw bytes with the app secret; compared in constant time. */
export const notificationSignature: Check<Args> = {
  name: 'notification-signature',
  acceptsAnyBody: true,
  explain: () =>
    'every notification carries `X-Hub-Signature-256: sha256=<hex>`, ' +
    'the HMAC-SHA256 of its exact raw body keyed by the app secret (R6)',
  args: object({ app_secret: STRING }, ['app_secret']),
  run: (input, { app_secret: secret }) => {
    const findings = eachExchange(input, (exchange) => {
      const header = requestHeader(exchange, 'x-hub-signature-256');
      const verdict = verifySignature(requestBytes(exchange), header, secret);
      if (verdict === 'ok') return [];
      return [{ message: PROBLEMS[verdict], actual: header }];
    });
    return judgedCount(findings.slice(0, 10), input.exchanges.length, 'no notification reached the receiver');
  },
};
