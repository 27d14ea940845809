import { type Check, type CheckContext, isRecord, judgedCount } from './check.js';
import { describeResponse, errorPart, isErrorResponse } from './error-envelope.js';
import { NO_ARGS } from '../validation/json-schema.js';
import type { Exchange } from '../model/index.js';

/** What two answers to the same call must share: success or error, the error's code, the success's keys. */
function outcomeOf(exchange: Exchange, body: unknown, ctx: CheckContext): string {
  if (isErrorResponse(exchange, body)) return `an error with code ${JSON.stringify(errorPart(body, 'code', ctx) ?? null)}`;
  const keys = isRecord(body) ? Object.keys(body).sort() : [];
  return `a success with keys [${keys.join(', ')}]`;
}

/**
 * Every exchange of the step (the same call made several ways: under each usable version and the bare path) has
 * the outcome of the first: the same class, the same error code, the same top-level keys of a successful body.
 * The envelope of an error is not shown (NS-20), so errors are compared by code only. Error answers are refusals:
 * they count only next to an accepted positive control (R51), so a target that refuses everything alike passes
 * nothing.
 */
export const sameOutcome: Check = {
  name: 'same-outcome',
  explain: () => 'every answer has the outcome of the first: success or error, the same code, the same keys',
  args: NO_ARGS,
  run: (input, _args, ctx) => {
    const [first, ...rest] = input.exchanges;
    if (!first) return judgedCount([], 0, 'the step made no exchange');
    const expected = outcomeOf(first, input.bodies[0], ctx);
    const findings = rest.flatMap((exchange, j) => {
      const i = j + 1;
      const got = outcomeOf(exchange, input.bodies[i], ctx);
      if (got === expected) return [];
      const firstCall = `${first.request.method} ${new URL(first.request.url).pathname}`;
      const call = `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
      return [{
        message: `${call} answered ${got}, but ${firstCall} answered ${expected}: ${describeResponse(exchange, input.bodies[i])}`,
        expected,
        actual: got,
        exchange: i,
      }];
    });
    const refusals = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedCount(findings, rest.length, 'the call was made only once, so nothing was compared'), refusals };
  },
};
