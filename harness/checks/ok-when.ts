import { type Check, eachExchange, judgedEach } from './check.js';
import { ANY, object } from '../validation/json-schema.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';
import { isFalsy, isTruthy } from './matchers.js';

export interface Args {
  /** A flag the target reported earlier (a comment's `can_comment`, say), read by truthiness (R17). */
  success: unknown;
}

/**
 * The response is a success when `success` is true and an error when it is false: a request whose outcome a
 * field of the target's own answer announced ("`can_comment` says whether a reply is possible").
 */
export const okWhen: Check<Args> = {
  name: 'ok-when',
  explain: () => 'the response is a success exactly when the earlier answer said it would be',
  args: object({ success: ANY }, ['success']),
  run: (input, { success }) => {
    if (!isTruthy(success) && !isFalsy(success)) {
      return { findings: [{ message: `the announced flag ${JSON.stringify(success)} is neither true nor false` }], judged: 1 };
    }
    const expected = isTruthy(success);
    const findings = eachExchange(input, (exchange, body) => {
      const failed = isErrorResponse(exchange, body);
      if (expected === !failed) return [];
      const shown = describeResponse(exchange, body);
      const message = expected ? `announced as possible, but got an error: ${shown}` : `announced as not possible, but it succeeded: ${shown}`;
      return [{ message }];
    });
    // An error announced as due is a refusal: it counts only next to an accepted control (R51).
    const refusals = expected ? [] : input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedEach(input, findings), refusals };
  },
};
