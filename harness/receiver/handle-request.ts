import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tooLargeReason } from '../http/body-limit.js';
import { readBody } from '../http/read-body.js';
import { fail, reply } from './answer.js';
import { nextOrdinal } from './arrival-order.js';
import { preciseNowMs } from '../precise-now.js';
import type { AttemptLog } from './attempt-log.js';
import { tlsClientInfo } from './tls-client-info.js';
import type { Answer, Attempt, ChallengeMode, MtlsOptions, Verification } from './types.js';
import { verifyDigest } from '../notification/verify-signature.js';
import { parseJson as parseBoundedJson } from '../validation/nesting.js';

export interface HandlerContext {
  verifyToken: string;
  appSecret: string;
  challengeMode: ChallengeMode;
  mtls?: MtlsOptions;
  clock?: () => number | undefined;
  /** The most bytes of one notification held (default 16 MiB). */
  maxBodyBytes?: number;
  log: AttemptLog;
  hanging: Set<ServerResponse>;
  onArrival?: (arrival: Attempt | Verification) => void;
}

type Arrival = Omit<
  Verification,
  'mode' | 'challenge' | 'verifyToken' | 'challengeIsInteger' | 'tokenMatched' | 'answered'
>;

/** GET is a verification request, POST a notification attempt; both are recorded. Anything else gets 405. */
export function createRequestHandler(
  ctx: HandlerContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(ctx, req, res).catch((error: unknown) => {
      // A broken request (aborted body, say) must not take the receiver down; the attempt is simply lost.
      if (!res.headersSent) reply(res, 500, `graphcheck receiver: ${String(error)}`);
    });
  };
}

async function handle(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const realArrivalMs = Date.now();
  // High resolution: an offline repeat orders arrivals against the recorded exchanges by it (Exchange.startedAtMs).
  const preciseMs = preciseNowMs();
  const ordinal = nextOrdinal();
  const seq = ctx.log.nextSeq();
  const time = arrivalTime(ctx.clock, realArrivalMs);
  // The signature is computed as the bytes stream by: a body past the limit is kept as its first bytes only.
  const hmac = createHmac('sha256', ctx.appSecret);
  const { bytes: rawBody, tooLarge } = await readBody(req, ctx.maxBodyBytes, (chunk) => hmac.update(chunk));
  const tlsClient = tlsClientInfo(req.socket, ctx.mtls);
  const arrival: Arrival = {
    seq,
    ...time,
    realArrivalMs,
    preciseMs,
    ordinal,
    method: req.method ?? '',
    path: req.url ?? '/',
    headers: headersOf(req),
    ...(tlsClient ? { tlsClient } : {}),
  };
  const refused =
    tlsClient?.verdict !== undefined && tlsClient.verdict !== 'ok' ? tlsClient.verdict : undefined;
  if (req.method === 'GET') {
    const verification = verificationOf(ctx, arrival);
    const answered = refused ? mtlsRefusal(res, refused) : answerVerification(ctx, verification, res);
    const logged = { ...verification, answered };
    ctx.log.addVerification(logged);
    ctx.onArrival?.(logged);
  } else if (req.method === 'POST') {
    const answered = refused
      ? mtlsRefusal(res, refused)
      : tooLarge
        ? reply(res, 413, `graphcheck receiver: ${tooLargeReason('request', tooLarge)}`)
        : answerNotification(ctx, res);
    const attempt: Attempt = {
      ...arrival,
      answered,
      rawBody,
      ...(tooLarge ? { bodyTooLarge: tooLarge } : { json: parseJson(rawBody) }),
      signature: verifyDigest(hmac.digest(), req.headers['x-hub-signature-256']),
    };
    ctx.log.addAttempt(attempt);
    ctx.onArrival?.(attempt);
  } else {
    reply(res, 405, 'graphcheck receiver: only GET (verification) and POST (notification)');
  }
}

/** 200 unless a failure is scheduled; the signature is recorded, never enforced, so a bad one is not retried. */
function answerNotification(ctx: HandlerContext, res: ServerResponse): Answer {
  const failure = ctx.log.takeFailure();
  return failure ? fail(res, failure, ctx.hanging) : reply(res, 200, 'EVENT_RECEIVED');
}

function verificationOf(ctx: HandlerContext, arrival: Arrival): Omit<Verification, 'answered'> {
  const query = new URL(arrival.path, 'http://receiver.invalid').searchParams;
  const mode = query.get('hub.mode') ?? undefined;
  const challenge = query.get('hub.challenge') ?? undefined;
  const verifyToken = query.get('hub.verify_token') ?? undefined;
  return {
    ...arrival,
    ...(mode !== undefined ? { mode } : {}),
    ...(challenge !== undefined ? { challenge } : {}),
    ...(verifyToken !== undefined ? { verifyToken } : {}),
    challengeIsInteger: challenge !== undefined && /^-?\d+$/.test(challenge),
    tokenMatched: verifyToken === ctx.verifyToken,
  };
}

function answerVerification(
  ctx: HandlerContext,
  v: Omit<Verification, 'answered'>,
  res: ServerResponse,
): Answer {
  if (v.mode !== 'subscribe' || !v.tokenMatched)
    return reply(res, 403, 'hub.mode or hub.verify_token mismatch');
  const challenge = v.challenge ?? '';
  if (ctx.challengeMode === 'wrong') return reply(res, 200, `${challenge}0`);
  if (ctx.challengeMode === 'none') return reply(res, 200, '');
  if (ctx.challengeMode === 'status-404') return reply(res, 404, challenge);
  if (ctx.challengeMode === 'status-500') return reply(res, 500, challenge);
  if (ctx.challengeMode === 'reset') return fail(res, 'reset', ctx.hanging);
  return reply(res, 200, challenge);
}

function mtlsRefusal(res: ServerResponse, verdict: string): Answer {
  return reply(res, 403, `client certificate refused: ${verdict}`);
}

function arrivalTime(
  clock: (() => number | undefined) | undefined,
  realArrivalMs: number,
): Pick<Arrival, 'arrivedAt' | 'arrivalClock'> {
  const known = clock?.();
  if (known === undefined) return { arrivedAt: Math.floor(realArrivalMs / 1000), arrivalClock: 'wall' };
  return { arrivedAt: known, arrivalClock: 'target' };
}

function headersOf(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return parseBoundedJson(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}
