import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, judgedEach } from './check.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';
import { STRING } from '../validation/json-schema.js';

type FieldArgs = Matcher & { path: string };

/** A value in the JSON body matches: `{ path: data.length, lte: 10 }`. `length` counts arrays. */
export const field: Check<FieldArgs> = {
  name: 'field',
  explain: (args) => `\`${args.path}\` ${describeMatcher(args)}`,
  args: withMatcher({ path: STRING }, ['path']),
  run: (input, args) =>
    judgedEach(
      input,
      eachExchange(input, (_, body) =>
        mismatches(lookup(body, args.path), args).map((problem) => ({ message: `\`${args.path}\` ${problem}` })),
      ),
    ),
};
