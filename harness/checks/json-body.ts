import { type Check, eachExchange, judgedCount } from './check.js';
import { describeResponse } from './error-envelope.js';
import { NO_ARGS } from '../validation/json-schema.js';

/**
 * A successful answer's body is JSON ("All bodies are JSON unless stated."). Only 2xx answers are judged: the
 * envelope of an error is not shown (NS-20), and its Content-Type, like a success's, is a silent point, so only
 * whether the body parses is asserted. An empty body is not JSON.
 */
export const jsonBody: Check = {
  name: 'json-body',
  acceptsAnyBody: true,
  explain: () => 'a successful answer has a JSON body',
  args: NO_ARGS,
  run: (input) => {
    const success = (i: number) => {
      const status = input.exchanges[i]?.response?.status ?? 0;
      return status >= 200 && status < 300;
    };
    const findings = eachExchange(input, (exchange, body) => {
      const status = exchange.response?.status ?? 0;
      if (status < 200 || status > 299 || body !== undefined) return [];
      return [{ message: `expected a JSON body, got ${describeResponse(exchange, body)}` }];
    });
    const judged = input.exchanges.filter((_, i) => success(i)).length;
    return judgedCount(findings, judged, 'no answer was a success, and only successes are judged');
  },
};
