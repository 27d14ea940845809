import { type Check, eachExchange, judgedEach } from './check.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';
import { NO_ARGS } from '../validation/json-schema.js';

/**
 * The answer is an error (contract §3.1: a status other than 2xx, or a top-level `error` object), whatever its
 * body: for calls outside the JSON interface, such as a method the authorization window does not support, whose
 * answer may be a page. A 2xx page is a success, so it is a finding, not an answer that cannot be judged. Any error
 * answer is a refusal (R51): it counts only next to an accepted positive control.
 */
export const errorAnyBody: Check = {
  name: 'error-any-body',
  acceptsAnyBody: true,
  explain: () => 'the response is an error (not 2xx, or a top-level `error`), whatever its body',
  args: NO_ARGS,
  run: (input) => {
    const findings = eachExchange(input, (exchange, body) =>
      isErrorResponse(exchange, body) ? [] : [{ message: `expected an error, got a success: ${describeResponse(exchange, body)}` }],
    );
    const refusals = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedEach(input, findings), refusals };
  },
};
