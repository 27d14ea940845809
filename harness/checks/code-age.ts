import { type Check, eachExchange, isRecord } from './check.js';
import { sentParam } from './sent-param.js';
import { trafficFactsOf } from './traffic-facts.js';

interface Args {
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
export const codeAge: Check = {
  name: 'code-age',
  acceptsAnyBody: true,
  explain: (raw) => `the \`${(raw as Args).name}\` is sent at most ${(raw as Args).max_seconds} s after it was issued`,
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.name === 'string' && typeof raw.max_seconds === 'number' && typeof raw.slack_seconds === 'number'
      ? undefined
      : 'code-age takes { name, max_seconds, slack_seconds }',
  run: (input, raw) => {
    const args = raw as Args;
    const facts = trafficFactsOf(input);
    if (!facts) return [];
    return eachExchange(input, (exchange) => {
      const code = sentParam(exchange, args.name);
      const ageMs = typeof code === 'string' ? facts.codeAgeMs(code, exchange) : undefined;
      if (ageMs === undefined) return [];
      const age = Math.round(ageMs / 1000);
      if (age <= args.max_seconds + args.slack_seconds) return [];
      return [{ message: `sent ${age} s after the redirect that issued it, expected at most ${args.max_seconds} s`, actual: age }];
    });
  },
};
