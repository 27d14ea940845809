import type { Exchange } from '../model/index.js';
import { type Check, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { isErrorResponse } from './error-envelope.js';

const startOf = (e: Exchange) => e.startedAtMs ?? Date.parse(e.startedAt);

/**
 * Of a group of exchanges sharing one value (every exchange of one authorization code), none but the one that
 * succeeded was sent after or alongside it: a client-side check that a single-use value is not used again.
 * Attempts that had ended before the successful one started are retries of a failure, not a second use.
 */
export const noReuseAfterOk: Check = {
  name: 'no-reuse-after-ok',
  acceptsAnyBody: true,
  explain: () => 'the value is not sent again once a request using it succeeded',
  args: NO_ARGS,
  run: (input) => {
    const ok = input.exchanges.findIndex((exchange, i) => !isErrorResponse(exchange, input.bodies[i]));
    if (ok === -1) return judgedCount([], 0, 'no request using the value succeeded');
    const used = input.exchanges[ok]!;
    const findings = input.exchanges.flatMap((exchange, i) => {
      if (i === ok || startOf(exchange) + exchange.durationMs <= startOf(used)) return [];
      return [{ message: `sent again (request ${i + 1} of ${input.exchanges.length}) after request ${ok + 1} had used it`, exchange: i }];
    });
    return judgedCount(findings, input.exchanges.length, '');
  },
};
