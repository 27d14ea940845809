import type { Check } from './check.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';

function outcomes(input: Parameters<Check['run']>[0]): boolean[] {
  return input.exchanges.map((exchange, i) => !isErrorResponse(exchange, input.bodies[i]));
}

/** Of the step's exchanges (sent at the same moment), exactly one succeeded. */
export const exactlyOneOk: Check = {
  name: 'exactly-one-ok',
  explain: () => 'exactly one of the requests succeeds, every other one is an error',
  run: (input) => {
    const successes = outcomes(input).filter(Boolean).length;
    return successes === 1 ? [] : [{ message: `${successes} of ${input.exchanges.length} requests succeeded, expected exactly 1` }];
  },
};

/** The first exchange succeeded and every later one is an error (a single-use code, say). */
export const firstOkThenErrors: Check = {
  name: 'first-ok-then-errors',
  explain: () => 'the first request succeeds and every later one is an error',
  run: (input) =>
    outcomes(input).flatMap((success, i) => {
      const exchange = input.exchanges[i]!;
      if (i === 0 && !success) return [{ message: `the first request failed: ${describeResponse(exchange, input.bodies[i])}`, exchange: i }];
      if (i > 0 && success) return [{ message: `request ${i + 1} succeeded, expected an error`, exchange: i }];
      return [];
    }),
};
