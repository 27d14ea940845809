import { type Check, eachExchange, judgedCount } from './check.js';
import { object, STRING } from '../validation/json-schema.js';

export interface Args {
  /** The query parameter whose value the answer must be (`hub.challenge`). */
  param: string;
}

/**
 * The answer to a request is the value of one of its query parameters, compared trimmed: a webhook receiver's
 * answer to a verification GET. A request that got no answer is not judged; nor is the status, which the spec
 * does not name (readings, silent points).
 */
export const answerEchoes: Check<Args> = {
  name: 'answer-echoes',
  acceptsAnyBody: true,
  explain: (args) => `the answer's body is the request's \`${args.param}\``,
  args: object({ param: STRING }, ['param']),
  run: (input, { param }) => {
    let judged = 0;
    const findings = eachExchange(input, (exchange) => {
      const sent = new URL(exchange.request.url).searchParams.get(param);
      if (sent === null || !exchange.response || exchange.error) return [];
      judged += 1;
      const body = exchange.response.bodyEncoding === 'base64' ? undefined : exchange.response.body.trim();
      if (body === sent) return [];
      const answer = body === undefined ? 'a binary body' : JSON.stringify(body.slice(0, 80));
      return [{ message: `answered HTTP ${exchange.response.status} ${answer} instead of ${param} ${sent}`, expected: sent, actual: body }];
    });
    return judgedCount(findings, judged, `no answered request carried \`${param}\``);
  },
};
