import { type Check, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { isErrorResponse } from './error-envelope.js';

/**
 * Of a group of exchanges (every recorded exchange of one authorization code, say), at most one succeeded. Unlike
 * `first-ok-then-errors` it lets the first fail: recorded traffic holds codes sent too late or with a wrong
 * secret, and concurrent exchanges may be recorded in any order.
 */
export const atMostOneOk: Check = {
  name: 'at-most-one-ok',
  explain: () => 'at most one of the requests succeeds',
  args: NO_ARGS,
  run: (input) => {
    const successes = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [] : [i]));
    // "At most one" holds of any group where nothing succeeded, or that was sent once: such a group says nothing
    // of single use (a target refusing everything would pass).
    if (successes.length === 0 || input.exchanges.length < 2) {
      const why = successes.length === 0 ? 'no request of the group succeeded' : 'the value was sent once';
      return judgedCount([], 0, why);
    }
    const judged = input.exchanges.length;
    if (successes.length === 1) return { findings: [], judged };
    const findings = [
      {
        message: `${successes.length} of ${input.exchanges.length} requests succeeded, expected at most 1`,
        exchange: successes[1],
        expected: 1,
        actual: successes.length,
      },
    ];
    return { findings, judged };
  },
};
