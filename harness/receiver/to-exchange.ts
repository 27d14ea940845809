import type { Exchange, RecordedRequest, RecordedResponse } from '../model/index.js';
import { storeBody } from '../http/stored-body.js';
import type { Answer, Attempt, Verification } from './types.js';

/** An attempt as report evidence (`kind: webhook-notification`); `receiverUrl` makes the URL absolute. */
export function attemptToExchange(attempt: Attempt, receiverUrl: string): Exchange {
  const body = { ...storeBody(attempt.rawBody), ...(attempt.bodyTooLarge ? { bodyOmitted: true, bodyTooLarge: attempt.bodyTooLarge } : {}) };
  return { ...arrivalExchange('webhook-notification', attempt, receiverUrl, body), signatureValid: attempt.signature === 'ok' };
}

/** A verification request as report evidence (`kind: webhook-verification`). */
export function verificationToExchange(verification: Verification, receiverUrl: string): Exchange {
  return arrivalExchange('webhook-verification', verification, receiverUrl, {});
}

/** What every arrival shows as evidence: its request (with `body`), the receiver's answer, and when it came. */
function arrivalExchange(kind: Exchange['kind'], arrival: Attempt | Verification, receiverUrl: string, body: Partial<RecordedRequest>): Exchange {
  return {
    kind,
    request: { method: arrival.method, url: receiverUrl + arrival.path, headers: arrival.headers, ...body },
    ...answerParts(arrival.answered),
    startedAt: new Date(arrival.realArrivalMs).toISOString(),
    startedAtMs: arrival.preciseMs,
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
