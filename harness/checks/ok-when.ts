import { type Check, eachExchange, isRecord } from './check.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';
import { isFalsy, isTruthy } from './matchers.js';

interface Args {
  /** A flag the target reported earlier (a comment's `can_comment`, say), read by truthiness (R17). */
  success: unknown;
}

/**
 * The response is a success when `success` is true and an error when it is false: a request whose outcome a
 * field of the target's own answer announced ("`can_comment` says whether a reply is possible").
 */
export const okWhen: Check = {
  name: 'ok-when',
  explain: () => 'the response is a success exactly when the earlier answer said it would be',
  argsProblem: (raw) => (isRecord(raw) && 'success' in raw ? undefined : 'ok-when takes { success: <flag> }'),
  run: (input, raw) => {
    const { success } = raw as Args;
    if (!isTruthy(success) && !isFalsy(success)) {
      return [{ message: `the announced flag ${JSON.stringify(success)} is neither true nor false` }];
    }
    const expected = isTruthy(success);
    return eachExchange(input, (exchange, body) => {
      const failed = isErrorResponse(exchange, body);
      if (expected === !failed) return [];
      const shown = describeResponse(exchange, body);
      const message = expected ? `announced as possible, but got an error: ${shown}` : `announced as not possible, but it succeeded: ${shown}`;
      return [{ message }];
    });
  },
};
