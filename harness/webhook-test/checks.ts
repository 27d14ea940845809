import type { Citation, Strength } from '../model/index.js';
import { signPayload } from '../receiver/sign-payload.js';
import { CITES } from './citations.js';
import type { Payloads } from './payloads.js';
import type { OutgoingRequest } from './send.js';

/** What one request's answer must show; judged by `judge()`. */
export type Expectation =
  | { type: 'echo'; challenge: string }
  | { type: 'not-echo'; challenge: string }
  | { type: 'status-200' }
  | { type: 'refused' };

export interface PlannedRequest {
  request: OutgoingRequest;
  expect: Expectation;
}

export interface CheckContext {
  verifyToken: string;
  appSecret: string;
  /** A fresh integer challenge for each verification request. */
  challenge(): string;
  /** A verify token that differs from the configured one. */
  wrongToken: string;
  payloads: Payloads;
}

/** One `webhook-test` rule: plain data plus the requests it sends. */
export interface WebhookCheck {
  id: string;
  title: string;
  strength: Strength;
  cites: Citation[];
  readings: string[];
  plan(ctx: CheckContext): PlannedRequest[];
}

const verification = (token: string, challenge: string): OutgoingRequest => ({
  method: 'GET',
  query: { 'hub.mode': 'subscribe', 'hub.challenge': challenge, 'hub.verify_token': token },
});

const notification = (body: Buffer, secret: string): OutgoingRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, secret) },
  body,
});

const answered200 = (ctx: CheckContext, ...bodies: Buffer[]): PlannedRequest[] =>
  bodies.map((body) => ({ request: notification(body, ctx.appSecret), expect: { type: 'status-200' } }));

export const WEBHOOK_CHECKS: WebhookCheck[] = [
  {
    id: 'webhook-test.verification-echo',
    title: 'The verification request with the configured verify token gets its hub.challenge echoed',
    strength: 'MUST',
    cites: [CITES.verifyToken, CITES.challenge],
    readings: [],
    plan: (ctx) => {
      const challenge = ctx.challenge();
      return [{ request: verification(ctx.verifyToken, challenge), expect: { type: 'echo', challenge } }];
    },
  },
  {
    id: 'webhook-test.verification-wrong-token',
    title: 'A verification request with a wrong verify token is refused (the challenge is not echoed)',
    strength: 'MUST',
    cites: [CITES.verifyToken],
    readings: [],
    plan: (ctx) => {
      const challenge = ctx.challenge();
      return [{ request: verification(ctx.wrongToken, challenge), expect: { type: 'not-echo', challenge } }];
    },
  },
  {
    id: 'webhook-test.notification-changes',
    title: 'A signed notification in the changes form is answered with 200',
    strength: 'MUST',
    cites: [CITES.answer200, CITES.changes],
    readings: ['R6'],
    plan: (ctx) => answered200(ctx, ctx.payloads.changes),
  },
  {
    id: 'webhook-test.notification-changed-fields',
    title: 'A signed notification in the changed_fields form is answered with 200',
    strength: 'MUST',
    cites: [CITES.answer200, CITES.changedFields],
    readings: ['R6'],
    plan: (ctx) => answered200(ctx, ctx.payloads.changedFields),
  },
  {
    id: 'webhook-test.notification-batched',
    title: 'A signed batch of several entries and changes is answered with 200',
    strength: 'MUST',
    cites: [CITES.answer200, CITES.batched],
    readings: ['R6', 'R7'],
    plan: (ctx) => answered200(ctx, ctx.payloads.batched),
  },
  {
    id: 'webhook-test.notification-duplicate',
    title: 'The same signed notification sent twice is answered with 200 both times',
    strength: 'MUST',
    cites: [CITES.answer200, CITES.dedupe],
    readings: ['R6'],
    plan: (ctx) => answered200(ctx, ctx.payloads.changes, ctx.payloads.changes),
  },
  {
    id: 'webhook-test.notification-non-ascii',
    title:
      'Signed notifications with non-ASCII text, raw and \\u-escaped with \\/ slashes, are answered with 200',
    strength: 'MUST',
    cites: [CITES.answer200, CITES.rawPayload],
    readings: ['R6', 'R14'],
    plan: (ctx) => answered200(ctx, ctx.payloads.nonAscii, ctx.payloads.escaped),
  },
  {
    id: 'webhook-test.notification-bad-signature',
    title: 'Advice: a notification whose signature does not match is refused',
    strength: 'SHOULD',
    cites: [CITES.optionalValidation],
    readings: ['R14'],
    plan: (ctx) => [
      {
        request: notification(ctx.payloads.changes, `${ctx.appSecret}-not-the-secret`),
        expect: { type: 'refused' },
      },
    ],
  },
];
