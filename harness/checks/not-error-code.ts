import { type Check, type CheckContext, eachExchange, judgedEach } from './check.js';
import { object, orTemplate } from '../validation/json-schema.js';
import { describeResponse, errorPart, isErrorResponse } from './error-envelope.js';

export interface Args {
  code: number | number[];
}

const codesOf = (args: Args): number[] => (Array.isArray(args.code) ? args.code : [args.code]);

/**
 * The response is not an error with one of the codes; a success or another error passes. For rules that may
 * only say what an answer is not (an issued token is not "invalid", whatever it is allowed to do). Any error
 * answer is a refusal (R51): whatever its code, it counts only next to an accepted positive control.
 */
export const notErrorCode: Check<Args> = {
  name: 'not-error-code',
  explain: (args) => `the response is not an error with code ${codesOf(args).join(' or ')}`,
  args: object({ code: orTemplate({ anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] }) }, ['code']),
  run: (input, args, ctx: CheckContext) => {
    const findings = eachExchange(input, (exchange, body) => {
      if (!isErrorResponse(exchange, body)) return [];
      const code = Number(errorPart(body, 'code', ctx));
      return codesOf(args).includes(code)
        ? [{ message: `the response is an error with code ${code}: ${describeResponse(exchange, body)}`, actual: code }]
        : [];
    });
    const refusals = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedEach(input, findings), refusals };
  },
};
