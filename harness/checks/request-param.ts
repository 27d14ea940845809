import { PASSIVE_MATCHER_KEYS, paramMatches } from '../passive/param-matcher.js';
import { type Check, eachExchange, isRecord } from './check.js';
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
export const requestParam: Check = {
  name: 'request-param',
  acceptsAnyBody: true,
  explain: (raw) => `the request's parameter \`${(raw as Args).name}\`, when sent, is ${describe(matcherOf(raw as Args))}`,
  argsProblem: (raw) => {
    if (!isRecord(raw) || typeof raw.name !== 'string') return 'request-param takes { name, <matcher> }';
    const keys = Object.keys(matcherOf(raw as Args));
    const unknown = keys.filter((k) => !PASSIVE_MATCHER_KEYS.includes(k));
    if (keys.length === 0 || unknown.length > 0) return `request-param matchers: ${PASSIVE_MATCHER_KEYS.join(', ')}`;
    return undefined;
  },
  run: (input, raw) => {
    const args = raw as Args;
    return eachExchange(input, (exchange) => {
      const value = sentParam(exchange, args.name);
      if (value === undefined || paramMatches(value, matcherOf(args))) return [];
      const shown = typeof value === 'string' ? value : JSON.stringify(value);
      return [{ message: `sent \`${args.name}=${shown}\`, expected ${describe(matcherOf(args))}`, actual: value }];
    });
  },
};
