import { isDeepStrictEqual } from 'node:util';
import { lookup } from '../suite/template.js';
import { type Check, eachExchange, isRecord } from './check.js';

interface Args {
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
export const fieldNot: Check = {
  name: 'field-not',
  explain: (raw) => {
    const args = raw as Args;
    return `\`${args.path}\` is not ${forbidden(args).map((v) => JSON.stringify(v)).join(' or ')}`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.path === 'string' && ('equals' in raw || Array.isArray(raw.one_of))
      ? undefined
      : 'field-not takes { path, equals } or { path, one_of: [...] }',
  run: (input, raw) => {
    const args = raw as Args;
    const values = forbidden(args);
    return eachExchange(input, (_, body) => {
      const value = lookup(body, args.path);
      return values.some((v) => isDeepStrictEqual(v, value))
        ? [{ message: `\`${args.path}\` is ${JSON.stringify(value)}, which it must not be`, actual: value }]
        : [];
    });
  },
};
