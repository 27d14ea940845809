import type { GraphRequest } from '../../client/graph-client.js';
import { evaluate, type Scope } from '../../suite/template.js';
import { ANY, BOOLEAN, INTEGER, object } from '../../validation/json-schema.js';
import type { TargetSession } from '../run-context.js';
import { sendAtOnce } from '../../client/send-at-once.js';
import type { StepKind } from './step-kind.js';

/** An `exchange:` step (contract §3.3). Values may be templates; client fields default to the profile's app. */
export interface ExchangeSpec {
  code: unknown;
  /** Default: `app.redirect_uris[0]`. */
  redirect_uri?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  /** How many times the same code is sent (default 1). */
  count?: unknown;
  /** Send all of them at the same moment instead of one after another. */
  at_once?: unknown;
  /** Seconds to move the target's clock between attempts made one after another. */
  advance_between?: unknown;
}

/**
 * Exchanges an authorization code for a token (contract §3.3) at the profile's `auth.token_endpoint`, with
 * the parameters in the query for GET and as a form for POST. Every attempt is one exchange of the step.
 */
export const exchangeStep: StepKind<ExchangeSpec> = {
  name: 'exchange',
  side: 'target',
  explain: (b) => {
    const times = b.count === undefined ? '' : ` ${String(b.count)} times${b.at_once ? ' at once' : ' in a row'}`;
    return `exchange the authorization code at the token endpoint${times}`;
  },
  body: object(
    { code: ANY, redirect_uri: ANY, client_id: ANY, client_secret: ANY, count: INTEGER, at_once: BOOLEAN, advance_between: INTEGER },
    ['code'],
  ),
  // The client's fields default to the profile's app.
  needs: (b) => ({
    ...(b.advance_between === undefined ? {} : { capabilities: ['clock'] }),
    profile: [b.client_id === undefined ? ['app.id'] : [], b.client_secret === undefined ? ['app.secret'] : [], b.redirect_uri === undefined ? ['app.redirect_uris'] : []].flat(),
  }),
  exclusive: (b) => (b.advance_between === undefined ? undefined : "moves the target's clock"),
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep, evidence }) => {
    const count = body.count === undefined ? 1 : Number(evaluate(body.count, scope));
    const request = exchangeRequest(body, scope, target);
    if (evaluate(body.at_once ?? false, scope) === true) {
      return sendAtOnce(Array.from({ length: count }, () => () => target.client.send(request)), { keep, evidence });
    }
    const gap = body.advance_between === undefined ? 0 : Number(evaluate(body.advance_between, scope));
    for (let i = 0; i < count; i++) {
      if (i > 0 && gap > 0) await target.control.advance(gap);
      keep(await target.client.send(request));
    }
  },
};

function exchangeRequest(body: ExchangeSpec, scope: Scope, target: TargetSession): GraphRequest {
  const { app, auth } = target.profile;
  const value = (template: unknown, fallback: unknown) =>
    String(template === undefined ? fallback : evaluate(template, scope));
  const params = {
    client_id: value(body.client_id, app.id),
    client_secret: value(body.client_secret, app.secret ?? ''),
    redirect_uri: value(body.redirect_uri, app.redirect_uris[0] ?? ''),
    code: value(body.code, ''),
  };
  const { method, path } = auth.token_endpoint;
  return {
    method,
    base: 'api',
    path,
    // Contract §3.3 names a bare `{base_url}/oauth/access_token`; no version prefix, no access token.
    version: null,
    token: null,
    ...(method === 'GET' ? { query: params } : { body: { form: params } }),
  };
}
