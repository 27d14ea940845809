import type { Exchange } from '../model/index.js';
import type { Check } from './check.js';
import { object, STRING } from '../validation/json-schema.js';

export interface Args {
  /** The verify token the subscribe step sent. */
  verify_token: string;
}

/**
 * The subscribe step's POST made the target send the verification GET: `hub.mode` = subscribe, an integer
 * `hub.challenge`, and the `hub.verify_token` the POST carried. The GETs are the step's fact `verifications`.
 */
export const verificationRequest: Check<Args, 'verifications'> = {
  name: 'verification-request',
  needs: ['verifications'],
  explain: () =>
    'during the POST the callback receives a GET with hub.mode=subscribe, an integer hub.challenge ' +
    'and the verify token',
  args: object({ verify_token: STRING }, ['verify_token']),
  run: (input, { verify_token: token }) => {
    const { verifications } = input.facts;
    if (verifications.length === 0) {
      return { findings: [{ message: 'the callback received no verification GET while the subscription was made' }], judged: 1 };
    }
    const findings = verifications.flatMap((v) => problems(v, token)).slice(0, 5).map((message) => ({ message }));
    return { findings, judged: verifications.length };
  },
};

function problems(verification: Exchange, token: string): string[] {
  const query = new URL(verification.request.url).searchParams;
  const found: string[] = [];
  const mode = query.get('hub.mode');
  const challenge = query.get('hub.challenge');
  const sent = query.get('hub.verify_token');
  if (mode !== 'subscribe') {
    found.push(`the verification GET has hub.mode=${JSON.stringify(mode)}, expected "subscribe"`);
  }
  if (challenge === null || !/^-?\d+$/.test(challenge)) {
    found.push(`the verification GET has hub.challenge=${JSON.stringify(challenge)}, expected an integer`);
  }
  if (sent !== token) found.push('the verification GET does not carry the verify token the POST sent');
  return found;
}
