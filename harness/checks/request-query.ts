import { type Check, eachExchange, isRecord } from './check.js';
import { describeMatcher, type Matcher, mismatches } from './matchers.js';

type Args = Matcher & {
  /** The query parameter, by its exact name (`hub.challenge`). */
  name: string;
};

/** A query parameter of the request itself matches: what the target sent, for requests it makes (webhooks). */
export const requestQuery: Check = {
  name: 'request-query',
  acceptsAnyBody: true,
  explain: (raw) => {
    const args = raw as Args;
    return `the request's query parameter \`${args.name}\` ${describeMatcher(args)}`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.name === 'string' ? undefined : 'request-query takes { name, <matcher> }',
  run: (input, raw) => {
    const args = raw as Args;
    return eachExchange(input, (exchange) => {
      const value = new URL(exchange.request.url).searchParams.get(args.name) ?? undefined;
      return mismatches(value, args).map((problem) => ({
        message: `query parameter \`${args.name}\` ${problem}`,
        actual: value,
      }));
    }).slice(0, 10);
  },
};
