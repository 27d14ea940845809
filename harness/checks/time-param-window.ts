import { type Check, eachExchange, judgedCount } from './check.js';
import { NUMBER, object, STRING } from '../validation/json-schema.js';
import { sentParam, wholeNumber } from './sent-param.js';

export interface Args {
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
export const timeParamWindow: Check<Args> = {
  name: 'time-param-window',
  acceptsAnyBody: true,
  explain: (a) => {
    return `\`${a.name}\`, when sent, is between ${days(a.min_seconds)} and ${days(a.max_seconds)} after the request`;
  },
  args: object(
    { name: STRING, min_seconds: NUMBER, max_seconds: NUMBER, slack_seconds: NUMBER },
    ['name', 'min_seconds', 'max_seconds', 'slack_seconds'],
  ),
  run: (input, args) => {
    const facts = input.facts.traffic;
    let judged = 0;
    const findings = eachExchange(input, (exchange) => {
      const time = wholeNumber(sentParam(exchange, args.name));
      if (time === undefined) return [];
      judged += 1;
      const now = facts ? facts.targetTimeOf(exchange) : Date.parse(exchange.startedAt);
      const ahead = Math.round(time - now / 1000);
      if (ahead >= args.min_seconds - args.slack_seconds && ahead <= args.max_seconds + args.slack_seconds) return [];
      const expected = `between ${days(args.min_seconds)} and ${days(args.max_seconds)} after the request`;
      return [{ message: `sent \`${args.name}\` ${ahead} s after the request, expected ${expected}`, actual: ahead }];
    });
    return judgedCount(findings, judged, `no request sent \`${args.name}\` as a whole number`);
  },
};
