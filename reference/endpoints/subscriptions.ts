import { requireAppToken } from '../access.js';
import { GraphError, invalidParam } from '../graph-error.js';
import { readBool, readString, readStringList } from '../params.js';
import { requireToken } from '../tokens.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse } from '../types.js';
import type { SeamResult } from '../webhook-seam.js';
import { paginate } from './paging.js';

const OBJECTS = ['user', 'page', 'permissions', 'payments'];
/** `subscriptions-imgnet-msgapp-accepted`: the photo-sharing and messaging objects, configured in the dashboard. */
const DASHBOARD_OBJECTS = ['imgnet', 'imgnet_business_account', 'msgapp', 'msgapp_business_account'];

const isApp = (params: Record<string, string>, ctx: RefContext): boolean =>
  params['app_id'] === ctx.profile.app.id;

function appToken(req: RefRequest, ctx: RefContext): void {
  if (!req.token && ctx.faults.has('subscriptions-missing-token-served')) return;
  requireAppToken(req, ctx.faults.has('subscriptions-non-app-token-accepted'));
}

function readObjectName(req: RefRequest, ctx: RefContext, required: boolean): string | undefined {
  const object = readString(req.params, 'object');
  if (object === undefined) {
    if (required) throw invalidParam('object is required.');
    return undefined;
  }
  const unchecked = required
    ? ctx.faults.has('subscriptions-object-enum-unchecked')
    : ctx.faults.has('subscriptions-delete-object-unchecked');
  const dashboard = required && DASHBOARD_OBJECTS.includes(object) && ctx.faults.has('subscriptions-imgnet-msgapp-accepted');
  if (!OBJECTS.includes(object) && !unchecked && !dashboard) {
    throw invalidParam(`object must be one of ${OBJECTS.join(', ')}.`);
  }
  return object;
}

/** A refusal of the webhook service is an error answer, never `success` (spec Errors). */
function answer(result: SeamResult): RefResponse {
  if (!result.ok) throw new GraphError(100, `(#100) ${result.message}`);
  return { status: 200, body: { success: true } };
}

/**
 * The reference's page of subscriptions holds two (the page size is the target's to choose, NS-23): an app holds at
 * most four, one per object (R30), so with pages of 25 its list could never be walked past the first.
 */
const SUBSCRIPTIONS_PAGE = 2;

function list(req: RefRequest, ctx: RefContext): RefResponse {
  appToken(req, ctx);
  const skips = ctx.faults.has('subscriptions-paging-skips');
  const page = paginate(ctx.webhooks.list(), (s) => s.object, req, ctx, { skips }, { defaultLimit: SUBSCRIPTIONS_PAGE });
  return { status: 200, body: page };
}

async function upsert(req: RefRequest, ctx: RefContext): Promise<RefResponse> {
  appToken(req, ctx);
  const object = readObjectName(req, ctx, true) ?? '';
  const callbackUrl = readString(req.params, 'callback_url');
  const verifyToken = readString(req.params, 'verify_token');
  if (!callbackUrl) throw invalidParam('callback_url is required.');
  if (verifyToken === undefined) throw invalidParam('verify_token is required.');
  const fields = readStringList(req.params, 'fields') ?? [];
  const includeValues = ctx.faults.has('subscriptions-include-values-unchecked')
    ? req.params['include_values'] === 'true' || req.params['include_values'] === true
    : (readBool(req.params, 'include_values') ?? false);
  return answer(
    await ctx.webhooks.upsert({
      object,
      callback_url: callbackUrl,
      fields,
      include_values: includeValues,
      verify_token: verifyToken,
    }),
  );
}

function remove(req: RefRequest, ctx: RefContext): RefResponse {
  appToken(req, ctx);
  const object = readObjectName(req, ctx, false);
  const fields = readStringList(req.params, 'fields');
  return answer(ctx.webhooks.remove({ ...(object ? { object } : {}), ...(fields ? { fields } : {}) }));
}

function subscribeAccount(req: RefRequest, ctx: RefContext): RefResponse {
  const token = requireToken(req);
  const raw = req.pathParams['account_id'] ?? '';
  const account = raw === 'me' ? (token.pageId ?? raw) : raw;
  const fields = readStringList(req.params, 'subscribed_fields');
  if (!fields?.length) throw invalidParam('subscribed_fields is required.');
  const result = answer(ctx.webhooks.subscribeAccount(account, fields));
  return ctx.faults.has('subscriptions-subscribed-apps-shape') ? { ...result, body: { success: 'true' } } : result;
}

/** `/{app_id}/subscriptions` (app token) and `/{account}/subscribed_apps`, over the webhook service. */
export const SUBSCRIPTIONS_GROUP: EndpointGroup = {
  name: 'subscriptions',
  routes: [
    { method: 'GET', pattern: '/:app_id/subscriptions', accepts: isApp, handler: list },
    { method: 'POST', pattern: '/:app_id/subscriptions', accepts: isApp, handler: upsert },
    { method: 'DELETE', pattern: '/:app_id/subscriptions', accepts: isApp, handler: remove },
    { method: 'POST', pattern: '/:account_id/subscribed_apps', handler: subscribeAccount },
  ],
};
