import { headerValue } from '../headers.js';
import type { Exchange } from '../model/index.js';
import { type Check, eachExchange, judgedCount } from './check.js';
import { INTEGER, object } from '../validation/json-schema.js';

export interface Args {
  status: number;
}

/**
 * The usual cause of a refused notification that graphcheck signed correctly (X-Hub-Signature-256 over the raw
 * bytes it sent): the receiver computes the signature over the JSON after parsing and serialising it again, which
 * changes escapes (`\u00e9`, `\/`), spacing and key order, so it never matches.
 */
function signedRefusal(exchange: Exchange, status: number): string {
  if (status < 400 || status >= 500 || !headerValue(exchange.request.headers, 'x-hub-signature-256')) return '';
  return (
    '; the notification was signed correctly (X-Hub-Signature-256 over its raw body): a receiver that refuses a ' +
    'correctly signed notification most often computes the signature over the JSON parsed and serialised again ' +
    'rather than over the raw bytes it received'
  );
}

/**
 * Each answer has exactly this HTTP status: an app's callback answering a notification (`graphcheck
 * webhook-test`). The body is not read (a receiver may answer anything); a request without an answer is not judged.
 */
export const answeredStatus: Check<Args> = {
  name: 'answered-status',
  acceptsAnyBody: true,
  explain: (args) => `each answer is HTTP ${args.status}`,
  args: object({ status: INTEGER }, ['status']),
  run: (input, { status }) => {
    let judged = 0;
    const findings = eachExchange(input, (exchange) => {
      if (!exchange.response) return [];
      judged += 1;
      const got = exchange.response.status;
      if (got === status) return [];
      return [{ message: `answered HTTP ${got} instead of ${status}${signedRefusal(exchange, got)}`, expected: status, actual: got }];
    });
    return judgedCount(findings, judged, 'no request got an answer');
  },
};
