import { PASSIVE_MATCHER_KEYS, paramMatches } from './requests/param-matcher.js';
import { type Check, eachExchange, judgedCount } from './check.js';
import { ANY, type JsonSchema, STRING } from '../validation/json-schema.js';
import { sentParam } from './sent-param.js';

type Args = Record<string, unknown> & { name: string };

/** `{ in_any_case: [a, b] }` reads "one of a, b (any letter case)"; the other keys as the field matchers say. */
function describe(matcher: Record<string, unknown>): string {
  return Object.entries(matcher)
    .map(([key, value]) => {
      if (key === 'in_any_case') return `one of ${(value as unknown[]).join(', ')} (any letter case)`;
      if (key === 'not') return `not (${describe(value as Record<string, unknown>)})`;
      return `${key.replace('_', ' ')} ${JSON.stringify(value)}`;
    })
    .join(', ');
}

function matcherOf(args: Args): Record<string, unknown> {
  const { name: _name, ...matcher } = args;
  return matcher;
}

/**
 * A parameter the client sent matches: a client-side check of the caller's own request. Only a parameter that
 * was sent is judged (absent, empty or conflicting ones are not), with the passive matchers (`in_any_case`,
 * `matches`, `lte`, `not`, ...); a numeric text compares as its number.
 */
/** `name` and at least one passive matcher key (`in_any_case`, `matches`, `lte`, `not`, ...). */
const ARGS: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  minProperties: 2,
  properties: { name: STRING, ...Object.fromEntries(PASSIVE_MATCHER_KEYS.map((key) => [key, ANY])) },
};

export const requestParam: Check<Args> = {
  name: 'request-param',
  acceptsAnyBody: true,
  explain: (args) => `the request's parameter \`${args.name}\`, when sent, is ${describe(matcherOf(args))}`,
  args: ARGS,
  run: (input, args) => {
    let judged = 0;
    const findings = eachExchange(input, (exchange) => {
      const value = sentParam(exchange, args.name);
      if (value !== undefined) judged += 1;
      if (value === undefined || paramMatches(value, matcherOf(args))) return [];
      const shown = typeof value === 'string' ? value : JSON.stringify(value);
      return [{ message: `sent \`${args.name}=${shown}\`, expected ${describe(matcherOf(args))}`, actual: value }];
    });
    return judgedCount(findings, judged, `no request sent \`${args.name}\``);
  },
};
