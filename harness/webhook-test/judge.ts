import type { Exchange, Finding } from '../model/index.js';
import type { Expectation } from './checks.js';

/**
 * Judges one exchange against what its request expected. The answer's status is not judged for
 * verification requests: the spec names none (readings, silent points). Bodies are compared trimmed.
 */
export function judge(expect: Expectation, exchange: Exchange, index: number): Finding | undefined {
  const body = exchange.response?.body.trim();
  const noAnswer = exchange.error
    ? `no answer (${exchange.error.code}: ${exchange.error.message})`
    : undefined;
  switch (expect.type) {
    case 'echo':
      if (body === expect.challenge) return undefined;
      return {
        check: 'challenge-echoed',
        message: noAnswer ?? `answered ${describe(exchange)} instead of the hub.challenge value`,
        exchange: index,
        expected: expect.challenge,
        actual: body,
      };
    case 'not-echo':
      if (body !== expect.challenge) return undefined;
      return {
        check: 'wrong-token-refused',
        message: 'echoed hub.challenge although hub.verify_token was not the configured one',
        exchange: index,
        expected: 'anything but the challenge',
        actual: body,
      };
    case 'status-200':
      if (exchange.response?.status === 200) return undefined;
      return {
        check: 'answered-200',
        message: noAnswer ?? `answered HTTP ${exchange.response?.status} to a correctly signed notification`,
        exchange: index,
        expected: 200,
        actual: exchange.response?.status,
      };
    case 'refused': {
      const status = exchange.response?.status;
      if (status === undefined || status < 200 || status > 299) return undefined;
      return {
        check: 'bad-signature-refused',
        message: `advice: accepted (HTTP ${status}) a notification whose X-Hub-Signature-256 does not match; validating it is optional but recommended`,
        exchange: index,
        expected: 'a refusal (not 2xx)',
        actual: status,
      };
    }
  }
}

function describe(exchange: Exchange): string {
  const response = exchange.response;
  if (!response) return 'nothing';
  const body = response.body.length > 80 ? `${response.body.slice(0, 80)}…` : response.body;
  return `HTTP ${response.status} ${JSON.stringify(body)}`;
}
