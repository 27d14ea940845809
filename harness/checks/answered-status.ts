import { type Check, eachExchange, judgedCount } from './check.js';
import { INTEGER, object } from '../validation/json-schema.js';

interface Args {
  status: number;
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
      return got === status ? [] : [{ message: `answered HTTP ${got} instead of ${status}`, expected: status, actual: got }];
    });
    return judgedCount(findings, judged, 'no request got an answer');
  },
};
