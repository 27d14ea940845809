import { type Check, eachExchange, judgedEach } from './check.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';
import { STRING } from '../validation/json-schema.js';

type HeaderArgs = Matcher & { name: string };

/** A response header matches: `{ name: x-graph-version, equals: v24.0 }`. Names compare case-insensitively. */
export const header: Check<HeaderArgs> = {
  name: 'header',
  explain: (args) => `response header \`${args.name}\` ${describeMatcher(args)}`,
  args: withMatcher({ name: STRING }, ['name']),
  run: (input, args) => {
    return judgedEach(input, eachExchange(input, (exchange) => {
      const value = headerOf(exchange.response?.headers ?? {}, args.name);
      return mismatches(value, args).map((problem) => ({ message: `response header \`${args.name}\` ${problem}` }));
    }));
  },
};

function headerOf(headers: Record<string, string | string[]>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}
