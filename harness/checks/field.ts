import { lookup } from '../suite/template.js';
import { type Check, eachExchange, isRecord } from './check.js';
import { describeMatcher, type Matcher, mismatches } from './matchers.js';

type FieldArgs = Matcher & { path: string };

/** A value in the JSON body matches: `{ path: data.length, lte: 10 }`. `length` counts arrays. */
export const field: Check = {
  name: 'field',
  explain: (raw) => {
    const args = raw as FieldArgs;
    return `\`${args.path}\` ${describeMatcher(args)}`;
  },
  argsProblem: (raw) => (isRecord(raw) && typeof raw.path === 'string' ? undefined : 'field takes { path, <matcher> }'),
  run: (input, raw) => {
    const args = raw as FieldArgs;
    return eachExchange(input, (_, body) =>
      mismatches(lookup(body, args.path), args).map((problem) => ({ message: `\`${args.path}\` ${problem}` })),
    );
  },
};
