import { type Check, type CheckContext, eachExchange, isRecord } from './check.js';
import { describeResponse, errorPart, isErrorResponse } from './error-envelope.js';

interface ErrorArgs {
  code?: number | number[];
  subcode?: number;
  message_contains?: string;
}

function codes(args: ErrorArgs): number[] | undefined {
  if (args.code === undefined) return undefined;
  return Array.isArray(args.code) ? args.code : [args.code];
}

/** The response is an error; optionally with one of the given codes and a message containing a text. */
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
  argsProblem: (raw) =>
    raw === null || raw === undefined || isRecord(raw) ? undefined : 'error takes { code, subcode, message_contains }',
  run: (input, raw, ctx) => eachExchange(input, (exchange, body) => judge(exchange, body, (raw ?? {}) as ErrorArgs, ctx)),
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
