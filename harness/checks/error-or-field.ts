import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, judgedEach } from './check.js';
import { isErrorResponse } from './error-envelope.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';
import { STRING } from '../validation/json-schema.js';

type Args = Matcher & { path: string };

/**
 * The response is an error, or a success whose field at `path` matches: for a thing the spec lets go either
 * way, such as reading a deleted template (an error, or a status saying it is being deleted; reading R25). An
 * error answer is a refusal: it counts only next to an accepted positive control (R51), so the field was never
 * judged when the target answered an error to the control too.
 */
export const errorOrField: Check<Args> = {
  name: 'error-or-field',
  explain: (args) => `the response is an error, or its \`${args.path}\` ${describeMatcher(args)}`,
  args: withMatcher({ path: STRING }, ['path']),
  run: (input, args) => {
    const findings = eachExchange(input, (exchange, body) => {
      if (isErrorResponse(exchange, body)) return [];
      return mismatches(lookup(body, args.path), args).map((problem) => ({
        message: `a success whose \`${args.path}\` ${problem} (an error would also do)`,
      }));
    });
    const refusals = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedEach(input, findings), refusals };
  },
};
