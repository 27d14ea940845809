import { type Check, type CheckContext, eachExchange, judgedEach } from './check.js';
import { describeResponse, errorPart, isErrorResponse } from './error-envelope.js';
import { INTEGER, object, optional, orTemplate, STRING } from '../validation/json-schema.js';

interface ErrorArgs {
  code?: number | number[];
  subcode?: number;
  message_contains?: string;
}

function codes(args: ErrorArgs): number[] | undefined {
  if (args.code === undefined) return undefined;
  return Array.isArray(args.code) ? args.code : [args.code];
}

/**
 * The response is an error; optionally with one of the given codes and a message containing a text. An error
 * answer is a refusal: it counts only next to an accepted positive control (reading R51).
 */
export const error: Check = {
  name: 'error',
  explain: (raw) => {
    const args = (raw ?? {}) as ErrorArgs;
    const parts = ['the response is an error'];
    const list = codes(args);
    if (list) parts.push(`with code ${list.join(' or ')}`);
    if (args.subcode !== undefined) parts.push(`and subcode ${args.subcode}`);
    if (args.message_contains) parts.push(`whose message contains "${args.message_contains}"`);
    return parts.join(' ');
  },
  args: optional(
    object({
      code: orTemplate({ anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' }, minItems: 1 }] }),
      subcode: INTEGER,
      message_contains: STRING,
    }),
  ),
  run: (input, raw, ctx) => {
    const findings = eachExchange(input, (exchange, body) => judge(exchange, body, (raw ?? {}) as ErrorArgs, ctx));
    const refusals = input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : []));
    return { ...judgedEach(input, findings), refusals };
  },
};

function judge(exchange: Parameters<typeof isErrorResponse>[0], body: unknown, args: ErrorArgs, ctx: CheckContext) {
  if (!isErrorResponse(exchange, body)) {
    return [{ message: `expected an error, got a success: ${describeResponse(exchange, body)}` }];
  }
  const problems: { message: string; expected?: unknown; actual?: unknown }[] = [];
  const list = codes(args);
  const code = errorPart(body, 'code', ctx);
  if (list && !list.includes(Number(code))) {
    problems.push({ message: `error code is ${JSON.stringify(code)}, expected ${list.join(' or ')}`, expected: list, actual: code });
  }
  const subcode = errorPart(body, 'subcode', ctx);
  if (args.subcode !== undefined && Number(subcode) !== args.subcode) {
    problems.push({ message: `error subcode is ${JSON.stringify(subcode)}, expected ${args.subcode}` });
  }
  const message = errorPart(body, 'message', ctx);
  if (args.message_contains && !(typeof message === 'string' && message.includes(args.message_contains))) {
    problems.push({
      message: `error message ${JSON.stringify(message)} does not contain "${args.message_contains}"`,
      expected: args.message_contains,
      actual: message,
    });
  }
  return problems;
}
