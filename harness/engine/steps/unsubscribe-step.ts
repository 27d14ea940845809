import { isErrorResponse } from '../../checks/error-envelope.js';
import type { WebhookFacts } from '../../checks/webhook-facts.js';
import { evaluate } from '../../suite/template.js';
import { ANY, object, orTemplate } from '../../validation/json-schema.js';
import { buildRequest } from '../../request-building/build-request.js';
import { webhookRun } from '../../webhooks/webhook-run.js';
import type { StepKind } from './step-kind.js';

/** An `unsubscribe:` step as written in a suite; values may be templates. */
export interface UnsubscribeBody {
  /** Omitted: every subscription of the app. */
  object?: unknown;
  /** Omitted: the object's whole subscription. */
  fields?: unknown;
  token?: string;
}

/**
 * DELETE `/{app_id}/subscriptions` with `object` and `fields` as form fields (the app token by default). A success
 * is remembered, so later delivery checks no longer expect what was removed and hold anything of it that still
 * arrives as unsubscribed (spec: DELETE "Removes subscriptions").
 */
export const unsubscribeStep: StepKind<UnsubscribeBody> = {
  name: 'unsubscribe',
  side: 'target',
  explain: (b) => {
    if (typeof b !== 'object') return `remove subscriptions as ${String(b)} says`;
    if (b.object === undefined) return 'remove every subscription of the app';
    const fields = b.fields === undefined ? '' : ` fields ${JSON.stringify(b.fields)}`;
    return `remove the app's ${String(b.object)} subscription${fields ? `'s${fields}` : ''}`;
  },
  // The whole body may be one template (a generated removal).
  body: orTemplate(object({ object: ANY, fields: ANY, token: { type: 'string' } })),
  needs: (b) => ({ tokens: [(typeof b === 'object' ? b.token : undefined) ?? 'app'], receiver: true, profile: ['app.id'] }),
  exclusive: () => "changes the app's subscriptions",
  control: { expect: ['ok'] },
  run: async ({ body: written, scope, target, keep }) => {
    const run = await webhookRun(scope, target.webhooks);
    const body = (typeof written === 'string' ? evaluate(written, scope) : written) as UnsubscribeBody;
    const object = body.object === undefined ? undefined : String(evaluate(body.object, scope));
    const fields = body.fields === undefined ? undefined : (evaluate(body.fields, scope) as unknown[]).map(String);
    const form = { ...(object !== undefined ? { object } : {}), ...(fields !== undefined ? { fields } : {}) };
    const path = `/${target.profile.app.id}/subscriptions`;
    const sent = await target.client.send(buildRequest({ method: 'DELETE', path, token: body.token ?? 'app', form }, scope, target));
    keep(sent);
    if (!isErrorResponse(sent.exchange, sent.json)) {
      forget(run.facts, object, fields);
      const removal = { ...(object !== undefined ? { object } : {}), ...(fields?.length ? { fields } : {}) };
      (run.facts.removed ??= []).push({ ...removal, injectedBefore: run.facts.injected.length });
    }
  },
};

function forget(facts: WebhookFacts, object: string | undefined, fields: string[] | undefined): void {
  for (const name of object === undefined ? Object.keys(facts.subscriptions) : [object]) {
    const subscribed = facts.subscriptions[name];
    if (!subscribed) continue;
    if (fields === undefined || fields.length === 0) delete facts.subscriptions[name];
    else subscribed.fields = subscribed.fields.filter((f) => !fields.includes(f));
  }
}
