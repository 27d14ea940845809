import { type Check, eachExchange, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { requestHeader } from './webhook-facts.js';

const SIGNATURE = /^sha256=[0-9a-fA-F]{64}$/;

/**
 * Every recorded notification was signed: the recorder's verdict (`signatureValid`, taken with the real app
 * secret) when it had one; otherwise at least an `X-Hub-Signature-256: sha256=<hex>` header (R6), since the
 * secret is not in the cassette.
 */
export const recordedSignature: Check = {
  name: 'recorded-signature',
  acceptsAnyBody: true,
  explain: () =>
    'every notification carries `X-Hub-Signature-256: sha256=<hex>`, and the recorder found it to be the ' +
    'HMAC-SHA256 of the raw body under the app secret when it knew the secret (R6)',
  args: NO_ARGS,
  run: (input) =>
    judgedCount(
      eachExchange(input, (exchange) => {
      const header = requestHeader(exchange, 'x-hub-signature-256');
      if (header === undefined) return [{ message: 'the notification has no X-Hub-Signature-256 header' }];
      if (!SIGNATURE.test(header.trim())) {
        return [{ message: 'X-Hub-Signature-256 is not `sha256=` followed by 64 hex digits (R6)', actual: header }];
      }
      if (exchange.signatureValid === false) {
        return [{ message: 'X-Hub-Signature-256 did not match the raw body under the app secret when recorded (R6)' }];
      }
      return [];
    }).slice(0, 10),
      input.exchanges.length,
      'no notification reached the receiver',
    ),
};
