import type { Exchange, RecordedResponse } from '../model/index.js';
import { storeBody } from '../http/stored-body.js';
import type { Answer, Attempt, Verification } from './types.js';

/** An attempt as report evidence (`kind: webhook-notification`); `receiverUrl` makes the URL absolute. */
export function attemptToExchange(attempt: Attempt, receiverUrl: string): Exchange {
  return {
    kind: 'webhook-notification',
    request: {
      method: attempt.method,
      url: receiverUrl + attempt.path,
      headers: attempt.headers,
      ...storeBody(attempt.rawBody),
      ...(attempt.bodyTooLarge ? { bodyOmitted: true, bodyTooLarge: attempt.bodyTooLarge } : {}),
    },
    ...answerParts(attempt.answered),
    startedAt: new Date(attempt.realArrivalMs).toISOString(),
    startedAtMs: attempt.preciseMs,
    durationMs: 0,
    signatureValid: attempt.signature === 'ok',
  };
}

/** A verification request as report evidence (`kind: webhook-verification`). */
export function verificationToExchange(verification: Verification, receiverUrl: string): Exchange {
  return {
    kind: 'webhook-verification',
    request: {
      method: verification.method,
      url: receiverUrl + verification.path,
      headers: verification.headers,
    },
    ...answerParts(verification.answered),
    startedAt: new Date(verification.realArrivalMs).toISOString(),
    startedAtMs: verification.preciseMs,
    durationMs: 0,
  };
}

function answerParts(answered: Answer): { response: RecordedResponse } | { error: Exchange['error'] } {
  if ('status' in answered) {
    return { response: { status: answered.status, headers: {}, body: answered.body } };
  }
  const message =
    answered.outcome === 'hang'
      ? 'the receiver did not answer (scheduled hang)'
      : 'the receiver reset the connection (scheduled)';
  return { error: { code: `RECEIVER_${answered.outcome.toUpperCase()}`, message } };
}
