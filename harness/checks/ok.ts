import { type Check, eachExchange, judgedEach } from './check.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';
import { NO_ARGS } from '../validation/json-schema.js';

export const ok: Check = {
  name: 'ok',
  explain: () => 'the response is not an error (2xx and no top-level `error`, contract §3.1)',
  args: NO_ARGS,
  run: (input) =>
    judgedEach(
      input,
      eachExchange(input, (exchange, body) =>
        isErrorResponse(exchange, body)
          ? [{ message: `expected a success, got an error: ${describeResponse(exchange, body)}` }]
          : [],
      ),
    ),
};
