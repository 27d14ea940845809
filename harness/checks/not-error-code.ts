import { type Check, type CheckContext, eachExchange, isRecord } from './check.js';
import { describeResponse, errorPart, isErrorResponse } from './error-envelope.js';

interface Args {
  code: number | number[];
}

const codesOf = (args: Args): number[] => (Array.isArray(args.code) ? args.code : [args.code]);

/**
 * The response is not an error with one of the codes; a success or another error passes. For rules that may
 * only say what an answer is not (an issued token is not "invalid", whatever it is allowed to do).
 */
export const notErrorCode: Check = {
  name: 'not-error-code',
  explain: (raw) => `the response is not an error with code ${codesOf(raw as Args).join(' or ')}`,
  argsProblem: (raw) => (isRecord(raw) && raw.code !== undefined ? undefined : 'not-error-code takes { code }'),
  run: (input, raw, ctx: CheckContext) =>
    eachExchange(input, (exchange, body) => {
      if (!isErrorResponse(exchange, body)) return [];
      const code = Number(errorPart(body, 'code', ctx));
      return codesOf(raw as Args).includes(code)
        ? [{ message: `the response is an error with code ${code}: ${describeResponse(exchange, body)}`, actual: code }]
        : [];
    }),
};
