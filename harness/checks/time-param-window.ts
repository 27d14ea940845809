import { type Check, eachExchange, isRecord } from './check.js';
import { sentParam, wholeNumber } from './sent-param.js';
import { trafficFactsOf } from './traffic-facts.js';

interface Args {
  /** A parameter holding a unix time in seconds (`scheduled_publish_time`). */
  name: string;
  min_seconds: number;
  max_seconds: number;
  /** Clock slack: the caller's clock and the target's differ; values on the boundary are silent anyway. */
  slack_seconds: number;
}

const days = (s: number) => (s % 86_400 === 0 ? `${s / 86_400} days` : `${s} s`);

/**
 * A unix-time parameter lies between `min_seconds` and `max_seconds` after the request, on the target's clock
 * as the traffic shows it; a value that is not a whole number is left to the type rules.
 */
export const timeParamWindow: Check = {
  name: 'time-param-window',
  acceptsAnyBody: true,
  explain: (raw) => {
    const a = raw as Args;
    return `\`${a.name}\`, when sent, is between ${days(a.min_seconds)} and ${days(a.max_seconds)} after the request`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.name === 'string' && [raw.min_seconds, raw.max_seconds, raw.slack_seconds].every((n) => typeof n === 'number')
      ? undefined
      : 'time-param-window takes { name, min_seconds, max_seconds, slack_seconds }',
  run: (input, raw) => {
    const args = raw as Args;
    const facts = trafficFactsOf(input);
    return eachExchange(input, (exchange) => {
      const time = wholeNumber(sentParam(exchange, args.name));
      if (time === undefined) return [];
      const now = facts ? facts.targetTimeOf(exchange) : Date.parse(exchange.startedAt);
      const ahead = Math.round(time - now / 1000);
      if (ahead >= args.min_seconds - args.slack_seconds && ahead <= args.max_seconds + args.slack_seconds) return [];
      const expected = `between ${days(args.min_seconds)} and ${days(args.max_seconds)} after the request`;
      return [{ message: `sent \`${args.name}\` ${ahead} s after the request, expected ${expected}`, actual: ahead }];
    });
  },
};
