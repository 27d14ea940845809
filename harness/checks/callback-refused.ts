import { BOOLEAN, object, STRING } from '../validation/json-schema.js';
import { type Check, type CheckFinding, judgedCount } from './check.js';

export interface Args {
  /** Why the request must be refused, as the finding says it ("hub.verify_token was one character off"). */
  because: string;
  /** A SHOULD rule's finding is advice (reading R14: signature validation is optional but recommended). */
  advice?: boolean;
}

/**
 * The app's callback refused each request (`graphcheck webhook-test`): a verification request by not echoing its
 * `hub.challenge`, a notification by any answer but 2xx, either by cutting the connection during the TLS
 * handshake (kept by the step only for a client certificate to refuse). Every one is a refusal, so it counts only
 * next to an accepted positive control (reading R51): the same request made valid, echoed or answered 200.
 */
export const callbackRefused: Check<Args> = {
  name: 'callback-refused',
  acceptsAnyBody: true,
  explain: (args) => `the callback refuses the request (${args.because})`,
  args: object({ because: STRING, advice: BOOLEAN }, ['because']),
  run: (input, { because, advice }) => {
    const refusals: number[] = [];
    const findings: CheckFinding[] = [];
    input.exchanges.forEach((exchange, i) => {
      const response = exchange.response;
      if (!response && !exchange.error) return;
      refusals.push(i);
      if (!response) return;
      const challenge = exchange.request.method === 'GET' ? new URL(exchange.request.url).searchParams.get('hub.challenge') : null;
      const accepted = challenge !== null ? response.body.trim() === challenge : response.status >= 200 && response.status <= 299;
      if (!accepted) return;
      const what = challenge !== null ? 'echoed hub.challenge' : `accepted (HTTP ${response.status}) the notification`;
      const message = `${advice ? 'advice: ' : ''}${what} although ${because}${advice ? '; validating the signature is optional but recommended (R14)' : ''}`;
      findings.push({ message, exchange: i, expected: 'a refusal', actual: challenge !== null ? response.body.trim() : response.status });
    });
    return { ...judgedCount(findings, refusals.length, 'no request got an answer'), refusals };
  },
};
