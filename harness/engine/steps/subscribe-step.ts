import { isErrorResponse } from '../../checks/error-envelope.js';
import type { WebhookFacts } from '../../checks/webhook-facts.js';
import { UserInputError } from '../../errors.js';
import { evaluate } from '../../suite/template.js';
import { ANY, object, orTemplate } from '../../validation/json-schema.js';
import { buildRequest } from '../../request-building/build-request.js';
import { verificationEvidence } from '../../webhooks/attempt-evidence.js';
import { CALLBACK_VARIANTS, isCallbackVariant } from '../../webhooks/callback-variants.js';
import { webhookRun } from '../../webhooks/webhook-run.js';
import type { TargetStepKind } from './step-kind.js';

/** A `subscribe:` step as written in a suite; values may be templates. */
export interface SubscribeBody {
  object: unknown;
  fields?: unknown;
  /** Default true. */
  include_values?: unknown;
  /** Which callback the target is pointed at: the run's receiver (default) or one it must refuse. */
  callback?: unknown;
  /** Default: the verify token the run's receiver checks. */
  verify_token?: unknown;
  /** A token name as in `request` (default `app`). */
  token?: string;
}

/**
 * POST `/{app_id}/subscriptions` with `object`, `callback_url`, `fields`, `include_values` and `verify_token` as
 * form fields (arrays as JSON text). The verification GETs the callback received meanwhile are kept as evidence
 * and in `meta.verifications`; a success is remembered so later delivery checks know what was subscribed.
 */
export const subscribeStep: TargetStepKind<SubscribeBody, 'verifications'> = {
  name: 'subscribe',
  side: 'target',
  leaves: ['verifications'],
  explain: (b) =>
    `subscribe the app to ${String(b.object)} ${JSON.stringify(b.fields ?? [])} ` +
    `with callback ${String(b.callback ?? 'receiver')}`,
  body: object(
    {
      object: ANY,
      fields: ANY,
      include_values: ANY,
      callback: orTemplate({ enum: [...CALLBACK_VARIANTS] }),
      verify_token: ANY,
      token: { type: 'string' },
    },
    ['object'],
  ),
  needs: (b) => {
    const token = b.token ?? 'app';
    return { ...(token.includes('{{') || ['none', 'unissued'].includes(token) ? {} : { tokens: [token] }), receiver: true, profile: ['app.id'] };
  },
  exclusive: () => "changes the app's subscriptions, verified at the run's one receiver",
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, outcome, evidence, keep }) => {
    const run = await webhookRun(scope, target.webhooks);
    const variant = evaluate(body.callback ?? 'receiver', scope);
    if (!isCallbackVariant(variant)) {
      const known = CALLBACK_VARIANTS.join(', ');
      throw new UserInputError('SUITE_INVALID', `subscribe: unknown callback ${JSON.stringify(variant)}; use ${known}`);
    }
    const verifyToken = String(evaluate(body.verify_token ?? target.webhooks.verifyToken, scope));
    // A token the suite gives (`given.token`) comes from the seed, not a secret: the cassette keeps it as sent.
    if (body.verify_token !== undefined && !verifyToken.includes(target.webhooks.verifyToken)) target.webhooks.notSecret(verifyToken);
    // A verify token of the step's own gets a callback of its own that checks it.
    const callback = await target.webhooks.callback(variant, verifyToken);
    try {
      const object = String(evaluate(body.object, scope));
      const fields = (evaluate(body.fields ?? [], scope) as unknown[]).map(String);
      // Sent as written: a wrong-typed value (`maybe`) is what refusal rules send; only `true` subscribes values.
      const sentValues = evaluate(body.include_values ?? true, scope);
      const includeValues = sentValues === true || sentValues === 'true';
      const form = {
        object,
        callback_url: callback.url,
        fields,
        include_values: sentValues,
        verify_token: verifyToken,
      };
      const before = callback.verifications().length;
      const path = `/${target.profile.app.id}/subscriptions`;
      const request = buildRequest({ method: 'POST', path, token: body.token ?? 'app', form }, scope, target);
      const sent = await target.client.send(request);
      keep(sent);
      const verifications = callback.verifications().slice(before).map((v) => verificationEvidence(v, callback.origin));
      evidence.push(...verifications);
      outcome.facts.verifications = verifications;
      if (!isErrorResponse(sent.exchange, sent.json)) remember(run.facts, object, fields, includeValues);
    } finally {
      await callback.close();
    }
  },
};

/** Reading R29: fields of an amending POST are added to the object's subscription. */
function remember(facts: WebhookFacts, object: string, fields: string[], includeValues: boolean): void {
  const known = facts.subscriptions[object]?.fields ?? [];
  facts.subscriptions[object] = { fields: [...new Set([...known, ...fields])], include_values: includeValues };
}
