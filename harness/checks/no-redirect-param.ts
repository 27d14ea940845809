import { type Check, eachExchange, judgedEach } from './check.js';
import { isErrorResponse } from './error-envelope.js';
import { locationOf, parseRedirect } from './redirect-location.js';
import { object, STRING } from '../validation/json-schema.js';

/**
 * The answer sends nobody anywhere with this query parameter: no redirect (a Location header, or `location` in a
 * control `authorize` answer) whose query carries `name`. An answer that is no redirect at all passes: "the window
 * issued no code" judged on what a browser would follow. Error answers (a redirect is one) are refusals (R51): that
 * a refusal issued no code counts only next to the accepted window, or a target refusing everything would pass.
 */
export const noRedirectParam: Check<{ name: string }> = {
  name: 'no-redirect-param',
  acceptsAnyBody: true,
  explain: (args) => `the answer redirects nowhere with the query parameter \`${args.name}\``,
  args: object({ name: STRING }, ['name']),
  run: (input, args) => {
    const findings = eachExchange(input, (exchange, body) => {
      const location = locationOf(exchange, body);
      if (location === undefined) return [];
      const parts = parseRedirect(location);
      return args.name in parts.params
        ? [{ message: `the answer redirects with \`${args.name}\` in its query (redirect: ${parts.raw})` }]
        : [];
    });
    const refusals = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedEach(input, findings), refusals };
  },
};
