import { CannotJudgeError } from '../../errors.js';
import { evaluate } from '../../suite/template.js';
import { ANY, INTEGER, object, orTemplate } from '../../validation/json-schema.js';
import { cannotJudgeReason } from '../../callback-client/callback-client.js';
import { ENCODINGS, type Encoding, notificationBytes, SIGNATURES, type Signature, signatureHeaders } from '../../callback-client/notification-bytes.js';
import type { StepKind } from './step-kind.js';

export interface Body {
  json: unknown;
  encoding?: unknown;
  signature?: unknown;
  count?: unknown;
}

/**
 * Plays the service's event notification against the app's callback (`graphcheck webhook-test`): a POST of
 * `json` (every `entry[]` without `time` stamped with the sending time), written `raw` or `escaped`, signed as
 * `signature` says, sent `count` times. An attempt without an HTTP answer means the run cannot judge: counting
 * a hang as a refusal would pass a receiver that never looked at the request.
 */
export const notifyCallbackStep: StepKind<Body> = {
  name: 'notify-callback',
  side: 'callback',
  explain: (b) => `send the callback a notification signed ${String(b.signature ?? 'valid')}${b.count ? ` ${String(b.count)} times` : ''}`,
  body: object(
    {
      json: ANY,
      encoding: orTemplate({ enum: [...ENCODINGS] }),
      signature: orTemplate({ enum: [...SIGNATURES] }),
      count: INTEGER,
    },
    ['json'],
  ),
  control: { expect: [{ 'answered-status': { status: 200 } }] },
  run: async ({ body, scope, callback, keep }) => {
    const encoding = String(evaluate(body.encoding ?? 'raw', scope)) as Encoding;
    const signature = String(evaluate(body.signature ?? 'valid', scope)) as Signature;
    const bytes = notificationBytes(evaluate(body.json, scope), encoding, Math.floor(Date.now() / 1000));
    const headers = { 'content-type': 'application/json', ...signatureHeaders(bytes, callback.appSecret, signature) };
    const count = Number(evaluate(body.count ?? 1, scope));
    for (let i = 0; i < count; i++) {
      const exchange = await callback.send({ method: 'POST', headers, body: bytes });
      keep({ exchange, json: undefined });
      if (exchange.error) throw new CannotJudgeError('TARGET_UNREACHABLE', cannotJudgeReason(exchange.error, callback.timeoutMs));
    }
  },
};
