import { randomInt } from 'node:crypto';
import { type CallbackAnswer, sendCallbackRequest } from './callback-request.js';
import { callbackClientCert, callbackTolerance, callbackTrust } from './callback-trust.js';
import type { Outcome, WebhookDeps } from './types.js';

const VERIFICATION_TIMEOUT_MS = 5_000;

/**
 * The verification GET (spec: Events › Verification request). Succeeds iff the callback answers 2xx with the
 * challenge as its (trimmed) body. Sent on every POST that carries a callback URL (R39).
 */
export async function verifyCallback(
  deps: WebhookDeps,
  callbackUrl: string,
  verifyToken: string,
): Promise<Outcome> {
  if (deps.fault('subscriptions-no-verification')) return { ok: true };
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return { ok: false, message: `callback_url is not a valid URL: ${callbackUrl}` };
  }
  const httpAllowed = deps.fault('subscriptions-http-accepted') && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) {
    return { ok: false, message: 'callback_url must use https (a valid TLS certificate is required)' };
  }
  const challenge = String(randomInt(1_000_000, 2_147_483_647));
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.challenge', challenge);
  url.searchParams.set('hub.verify_token', verifyToken);
  // The fault writes the verify token into the query as it is, unencoded.
  const sentUrl = deps.fault('subscriptions-verify-token-unencoded')
    ? `${url.href.replace(/&hub\.verify_token=.*$/, '')}&hub.verify_token=${verifyToken}`
    : url;
  const answer = await sendCallbackRequest({
    url: sentUrl,
    method: 'GET',
    timeoutMs: deps.timeoutsMs?.verification ?? VERIFICATION_TIMEOUT_MS,
    ca: callbackTrust(deps),
    clientCert: callbackClientCert(deps),
    tolerate: callbackTolerance(deps),
  });
  return judgeAnswer(deps, answer, challenge);
}

function judgeAnswer(deps: WebhookDeps, answer: CallbackAnswer, challenge: string): Outcome {
  if (!answer.ok) {
    if (answer.kind === 'certificate') {
      return {
        ok: false,
        message: `callback certificate refused (it must chain to a trusted CA): ${answer.error}`,
      };
    }
    if (deps.fault('subscriptions-unreachable-accepted')) return { ok: true };
    return { ok: false, message: `callback_url could not be reached for verification: ${answer.error}` };
  }
  if ((answer.status < 200 || answer.status > 299) && !deps.fault('subscriptions-error-status-accepted')) {
    return { ok: false, message: `callback answered the verification request with HTTP ${answer.status}` };
  }
  if (answer.body.trim() !== challenge && !deps.fault('subscriptions-wrong-challenge-accepted')) {
    return {
      ok: false,
      message: 'callback did not echo hub.challenge in its answer to the verification request',
    };
  }
  return { ok: true };
}
