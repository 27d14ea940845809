import { type Check, eachExchange, judgedCount } from './check.js';
import { NUMBER, object, STRING } from '../validation/json-schema.js';
import { sentParam } from './sent-param.js';

export interface Args {
  /** The parameter carrying the code (`code`). */
  name: string;
  max_seconds: number;
  /** Clock slack: recorder and target clocks, and a Date header's whole seconds, are not exact. */
  slack_seconds: number;
}

/**
 * A code is sent within `max_seconds` of its issue: the redirect that carried it, as the traffic recorded it, on
 * the target's clock. A code whose issue the traffic does not show is not judged; the boundary itself is silent,
 * so only ages beyond `max_seconds + slack_seconds` count.
 */
export const codeAge: Check<Args, 'traffic'> = {
  name: 'code-age',
  needs: ['traffic'],
  acceptsAnyBody: true,
  explain: (args) => `the \`${args.name}\` is sent at most ${args.max_seconds} s after it was issued`,
  args: object({ name: STRING, max_seconds: NUMBER, slack_seconds: NUMBER }, ['name', 'max_seconds', 'slack_seconds']),
  run: (input, args) => {
    const facts = input.facts.traffic;
    let judged = 0;
    const findings = eachExchange(input, (exchange) => {
      const code = sentParam(exchange, args.name);
      const ageMs = typeof code === 'string' ? facts.codeAgeMs(code, exchange) : undefined;
      if (ageMs === undefined) return [];
      judged += 1;
      const age = Math.round(ageMs / 1000);
      if (age <= args.max_seconds + args.slack_seconds) return [];
      return [{ message: `sent ${age} s after the redirect that issued it, expected at most ${args.max_seconds} s`, actual: age }];
    });
    return judgedCount(findings, judged, 'the traffic shows no code whose issue it recorded');
  },
};
