import type { Check } from './check.js';
import { INTEGER, NUMBER, object, STRING } from '../validation/json-schema.js';
import { refusedWhere } from './refused-where.js';
import { sentParam } from './sent-param.js';

export interface Args {
  /** The parameter carrying the code (`code`). */
  name: string;
  max_seconds: number;
  /** Ages this close to the bound are not judged: the boundary is silent, and the clocks differ. */
  slack_seconds: number;
  code?: number;
}

/**
 * Recorded traffic: an exchange of a code more than `max_seconds` after the redirect that issued it, on the target's
 * clock as the traffic shows it (control `clock` moves included), is refused. Codes whose issue the traffic does not
 * show, and younger ones, are not judged: whether those succeed hangs on the rest of the exchange.
 */
export const codeAgeRefused: Check<Args, 'traffic'> = {
  name: 'code-age-refused',
  needs: ['traffic'],
  explain: (a) => `an exchange of the \`${a.name}\` more than ${a.max_seconds} s after its issue is refused`,
  args: object({ name: STRING, max_seconds: NUMBER, slack_seconds: NUMBER, code: INTEGER }, ['name', 'max_seconds', 'slack_seconds']),
  run: (input, args, ctx) => {
    const late = (exchange: (typeof input.exchanges)[number]) => {
      const code = sentParam(exchange, args.name);
      const ageMs = typeof code === 'string' ? input.facts.traffic.codeAgeMs(code, exchange) : undefined;
      return ageMs !== undefined && ageMs / 1000 > args.max_seconds + args.slack_seconds;
    };
    return refusedWhere(input, late, args.code, ctx, 'the traffic shows no code exchanged past its hour');
  },
};
