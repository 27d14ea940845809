import { type Check, eachExchange, isRecord } from './check.js';
import { describeMatcher, type Matcher, mismatches } from './matchers.js';

type HeaderArgs = Matcher & { name: string };

/** A response header matches: `{ name: x-graph-version, equals: v24.0 }`. Names compare case-insensitively. */
export const header: Check = {
  name: 'header',
  explain: (raw) => {
    const args = raw as HeaderArgs;
    return `response header \`${args.name}\` ${describeMatcher(args)}`;
  },
  argsProblem: (raw) => (isRecord(raw) && typeof raw.name === 'string' ? undefined : 'header takes { name, <matcher> }'),
  run: (input, raw) => {
    const args = raw as HeaderArgs;
    return eachExchange(input, (exchange) => {
      const value = headerOf(exchange.response?.headers ?? {}, args.name);
      return mismatches(value, args).map((problem) => ({ message: `response header \`${args.name}\` ${problem}` }));
    });
  },
};

function headerOf(headers: Record<string, string | string[]>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}
