import { lookup } from '../suite/template.js';
import { type Check, eachExchange, isRecord } from './check.js';
import { isErrorResponse } from './error-envelope.js';
import { describeMatcher, type Matcher, MATCHER_KEYS, mismatches } from './matchers.js';

type Args = Matcher & { path: string };

/**
 * The response is an error, or a success whose field at `path` matches: for a thing the spec lets go either
 * way, such as reading a deleted template (an error, or a status saying it is being deleted; reading R25).
 */
export const errorOrField: Check = {
  name: 'error-or-field',
  explain: (raw) => {
    const args = raw as Args;
    return `the response is an error, or its \`${args.path}\` ${describeMatcher(args)}`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.path === 'string' && MATCHER_KEYS.some((k) => k in raw)
      ? undefined
      : 'error-or-field takes { path, <matcher> }',
  run: (input, raw) => {
    const args = raw as Args;
    return eachExchange(input, (exchange, body) => {
      if (isErrorResponse(exchange, body)) return [];
      return mismatches(lookup(body, args.path), args).map((problem) => ({
        message: `a success whose \`${args.path}\` ${problem} (an error would also do)`,
      }));
    });
  },
};
