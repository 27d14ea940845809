import type { Check } from './check.js';
import { refusedWhere } from './refused-where.js';
import { INTEGER, NUMBER, object, STRING } from '../validation/json-schema.js';
import { sentParam, wholeNumber } from './sent-param.js';

export interface Args {
  /** A parameter holding a unix time in seconds (`scheduled_publish_time`). */
  name: string;
  /** The window's bounds, in seconds after the request; a side left out is not judged. */
  min_seconds?: number;
  max_seconds?: number;
  /** Values this close to a bound are not judged: the boundary itself is silent, and the clocks differ. */
  slack_seconds: number;
  /** The code the refusal carries (R1: 100 for a value outside its range). */
  code?: number;
}

/**
 * Recorded traffic: a request whose unix-time parameter lies outside `min_seconds`..`max_seconds` after the
 * request, on the target's clock as the traffic shows it, is refused (with `code`). Requests inside the window,
 * or within `slack_seconds` of a bound, are not judged: whether they are accepted hangs on the rest of the request.
 */
export const timeParamRefused: Check<Args, 'traffic'> = {
  name: 'time-param-refused',
  needs: ['traffic'],
  explain: (a) => {
    const code = a.code === undefined ? '' : ` with code ${a.code}`;
    const sides = [
      ...(a.min_seconds === undefined ? [] : [`less than ${a.min_seconds} s`]),
      ...(a.max_seconds === undefined ? [] : [`more than ${a.max_seconds} s`]),
    ];
    return `a \`${a.name}\` ${sides.join(' or ')} after the request is refused${code}`;
  },
  args: object({ name: STRING, min_seconds: NUMBER, max_seconds: NUMBER, slack_seconds: NUMBER, code: INTEGER }, ['name', 'slack_seconds']),
  run: (input, args, ctx) => {
    const outside = (exchange: (typeof input.exchanges)[number]) => {
      const time = wholeNumber(sentParam(exchange, args.name));
      if (time === undefined) return false;
      const ahead = time - input.facts.traffic.targetTimeOf(exchange) / 1000;
      const early = args.min_seconds !== undefined && ahead < args.min_seconds - args.slack_seconds;
      return early || (args.max_seconds !== undefined && ahead > args.max_seconds + args.slack_seconds);
    };
    return refusedWhere(input, outside, args.code, ctx, `no request sent \`${args.name}\` outside the window`);
  },
};
