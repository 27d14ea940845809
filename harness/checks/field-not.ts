import { isDeepStrictEqual } from 'node:util';
import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, judgedEach } from './check.js';
import { ANY, object, orTemplate, STRING } from '../validation/json-schema.js';

export interface Args {
  path: string;
  equals?: unknown;
  one_of?: unknown[];
}

function forbidden(args: Args): unknown[] {
  return [...('equals' in args ? [args.equals] : []), ...(args.one_of ?? [])];
}

/**
 * A value of the body is NOT the given one(s); an absent value passes. For "never reads X" rules, such as a
 * template without examples never reading APPROVED (reading R26), where every other value is allowed.
 */
export const fieldNot: Check<Args> = {
  name: 'field-not',
  explain: (args) => {
    return `\`${args.path}\` is not ${forbidden(args).map((v) => JSON.stringify(v)).join(' or ')}`;
  },
  args: {
    ...object({ path: STRING, equals: ANY, one_of: orTemplate({ type: 'array' }) }, ['path']),
    anyOf: [{ required: ['equals'] }, { required: ['one_of'] }],
  },
  run: (input, args) => {
    const values = forbidden(args);
    return judgedEach(input, eachExchange(input, (_, body) => {
      const value = lookup(body, args.path);
      return values.some((v) => isDeepStrictEqual(v, value))
        ? [{ message: `\`${args.path}\` is ${JSON.stringify(value)}, which it must not be`, actual: value }]
        : [];
    }));
  },
};
