import { bodyBytes } from '../http/stored-body.js';
import type { Exchange } from '../model/index.js';
import { verifySignature } from '../notification/verify-signature.js';
import { parseJson as parseBoundedJson } from '../validation/nesting.js';
import type { Answer } from './types.js';
import type { RecordedArrival } from './virtual-receiver.js';

/** What a recorded webhook request needs besides itself to arrive again as it did live. */
export interface ArrivalContext {
  /** The request's URL as this repeat sends it (a verify token written back where the recording held a placeholder). */
  url: URL;
  /** The verification GET carried the token its receiver checks. */
  tokenMatched: boolean;
  /** The secret notifications are checked against (the cassette's stand-in when it is redacted). */
  appSecret: string;
}

/**
 * A recorded verification or notification (`kind: webhook-*`) as the arrival a virtual receiver logs: the inverse
 * of `to-exchange`. Dated by the target's clock when the recording says so, else by the wall clock it arrived at.
 */
export function arrivalFromExchange(exchange: Exchange, context: ArrivalContext): RecordedArrival {
  const { request, targetTime, tlsClient } = exchange;
  const { url } = context;
  const base = {
    arrivedAt: targetTime?.from ?? Math.floor(Date.parse(exchange.startedAt) / 1000),
    arrivalClock: targetTime ? ('target' as const) : ('wall' as const),
    method: request.method,
    path: url.pathname + url.search,
    headers: request.headers,
    answered: answerOf(exchange),
    ...(tlsClient ? { tlsClient: { ...tlsClient, authorized: true } } : {}),
  };
  if (exchange.kind === 'webhook-verification') {
    const query = url.searchParams;
    const challenge = query.get('hub.challenge') ?? undefined;
    const verifyToken = query.get('hub.verify_token') ?? undefined;
    return {
      ...base,
      ...(query.has('hub.mode') ? { mode: query.get('hub.mode')! } : {}),
      ...(challenge !== undefined ? { challenge } : {}),
      ...(verifyToken !== undefined ? { verifyToken } : {}),
      challengeIsInteger: challenge !== undefined && /^-?\d+$/.test(challenge),
      tokenMatched: context.tokenMatched,
    };
  }
  const rawBody = bodyBytes(request.body, request.bodyEncoding);
  const signature = request.headers['x-hub-signature-256'] ?? request.headers['X-Hub-Signature-256'];
  return { ...base, rawBody, json: parseJson(rawBody), signature: verifySignature(rawBody, signature, context.appSecret) };
}

function answerOf(exchange: Exchange): Answer {
  if (exchange.response) return { status: exchange.response.status, body: exchange.response.body ?? '' };
  return { outcome: exchange.error?.code === 'RECEIVER_HANG' ? 'hang' : 'reset' };
}

function parseJson(raw: Buffer): unknown {
  try {
    return parseBoundedJson(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
