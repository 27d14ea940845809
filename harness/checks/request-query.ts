import { type Check, eachExchange, judgedEach } from './check.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';
import { STRING } from '../validation/json-schema.js';

type Args = Matcher & {
  /** The query parameter, by its exact name (`hub.challenge`). */
  name: string;
};

/** A query parameter of the request itself matches: what the target sent, for requests it makes (webhooks). */
export const requestQuery: Check<Args> = {
  name: 'request-query',
  acceptsAnyBody: true,
  explain: (args) => {
    return `the request's query parameter \`${args.name}\` ${describeMatcher(args)}`;
  },
  args: withMatcher({ name: STRING }, ['name']),
  run: (input, args) => {
    const findings = eachExchange(input, (exchange) => {
      const value = new URL(exchange.request.url).searchParams.get(args.name) ?? undefined;
      return mismatches(value, args).map((problem) => ({
        message: `query parameter \`${args.name}\` ${problem}`,
        actual: value,
      }));
    });
    return judgedEach(input, findings, 10);
  },
};
