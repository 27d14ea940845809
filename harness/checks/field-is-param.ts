import { type Check, eachExchange, judgedCount } from './check.js';
import { object, STRING } from '../validation/json-schema.js';
import { lookup } from '../validation/lookup.js';
import { sentParam } from './sent-param.js';

export interface Args {
  /** Where the answer holds the value (`category`). */
  path: string;
  /** The request parameter it must be (`category`). */
  param: string;
}

/**
 * Recorded traffic: an answer's field is what the request sent in a parameter (a create result naming the category
 * it was sent), compared as text. A request that did not send the parameter, or an answer without the field, is
 * not judged (the answer's shape is its schema rule's).
 */
export const fieldIsParam: Check<Args> = {
  name: 'field-is-param',
  explain: (a) => `the answer's \`${a.path}\` is the \`${a.param}\` the request sent`,
  args: object({ path: STRING, param: STRING }, ['path', 'param']),
  run: (input, { path, param }) => {
    let judged = 0;
    const findings = eachExchange(input, (exchange, body) => {
      const sent = sentParam(exchange, param);
      const answered = lookup(body, path);
      if (sent === undefined || answered === undefined || typeof sent === 'object') return [];
      judged += 1;
      if (String(answered) === String(sent)) return [];
      return [{ message: `\`${path}\` is ${JSON.stringify(answered)}, the request sent ${param}=${JSON.stringify(sent)}`, expected: sent, actual: answered }];
    });
    return judgedCount(findings, judged, `no answer held \`${path}\` for a request that sent \`${param}\``);
  },
};
