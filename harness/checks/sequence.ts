import type { Check, CheckInput } from './check.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';
import { NO_ARGS } from '../validation/json-schema.js';

function outcomes(input: CheckInput): boolean[] {
  return input.exchanges.map((exchange, i) => !isErrorResponse(exchange, input.bodies[i]));
}

const laterErrors = (successes: boolean[]) => successes.flatMap((success, i) => (i > 0 && !success ? [i] : []));

/**
 * Of the step's exchanges (sent at the same moment), exactly one succeeded. The one that succeeded is the
 * accepted twin of the refused ones (R51); when none succeeded, nothing was judged.
 */
export const exactlyOneOk: Check = {
  name: 'exactly-one-ok',
  explain: () => 'exactly one of the requests succeeds, every other one is an error',
  args: NO_ARGS,
  ownControl: true,
  run: (input) => {
    const successes = outcomes(input);
    const count = successes.filter(Boolean).length;
    const judged = input.exchanges.length;
    if (count === 0) return { findings: [], judged: 0, nothingJudged: `none of the ${judged} requests succeeded: the target refuses the valid request too` };
    const refusals = successes.flatMap((success, i) => (success ? [] : [i]));
    if (count === 1) return { findings: [], judged, refusals };
    return { findings: [{ message: `${count} of ${judged} requests succeeded, expected exactly 1` }], judged, refusals };
  },
};

/**
 * The first exchange succeeded and every later one is an error (a single-use code, say). The first is the
 * accepted twin of the later ones (R51): when it fails, nothing was judged.
 */
export const firstOkThenErrors: Check = {
  name: 'first-ok-then-errors',
  explain: () => 'the first request succeeds and every later one is an error',
  args: NO_ARGS,
  ownControl: true,
  run: (input) => {
    const successes = outcomes(input);
    if (successes[0] !== true) {
      const first = input.exchanges[0];
      const answer = first ? `: ${describeResponse(first, input.bodies[0])}` : '';
      return { findings: [], judged: 0, nothingJudged: `the first request failed, so the target refuses the valid request too${answer}` };
    }
    const findings = successes.flatMap((success, i) =>
      i > 0 && success ? [{ message: `request ${i + 1} succeeded, expected an error`, exchange: i }] : [],
    );
    return { findings, judged: input.exchanges.length - 1, refusals: laterErrors(successes), ...(input.exchanges.length < 2 ? { nothingJudged: 'only one request was sent' } : {}) };
  },
};
