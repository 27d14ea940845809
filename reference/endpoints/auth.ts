import { GraphError, invalidParam } from '../graph-error.js';
import { readString } from '../params.js';
import { requireToken } from '../tokens.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse } from '../types.js';
import { exchangeCode, issueCode } from './auth/auth-codes.js';
import { type AuthorizeRequest, readAuthorizeQuery } from './auth/authorize-query.js';
import { renderWindow } from './auth/window-html.js';

export type Decision = 'allow' | 'deny';

/**
 * Where the window sends the person: the redirect URI with `code` (then `state`, then the `#_` marker) on
 * allow, or the `access_denied` triple (then `state`) on deny.
 */
export function decide(query: Record<string, unknown>, decision: Decision, ctx: RefContext): string {
  const request = readAuthorizeQuery(query, ctx);
  const separator = request.redirectUri.includes('?') ? '&' : '?';
  const parts = decision === 'allow' ? [`code=${issueCode(request, ctx)}`] : denyParts(request, ctx);
  const state = stateOf(request, ctx);
  if (state !== undefined) parts.push(`state=${encodeURIComponent(state)}`);
  else if (decision === 'allow' && ctx.faults.has('auth-state-always-sent')) parts.push('state=');
  const marker = decision === 'allow' && !ctx.faults.has('auth-code-marker-missing') ? '#_' : '';
  return `${request.redirectUri}${separator}${parts.join('&')}${marker}`;
}

function denyParts(request: AuthorizeRequest, ctx: RefContext): string[] {
  const parts = ['error=access_denied'];
  if (ctx.faults.has('auth-deny-issues-code')) parts.unshift(`code=${issueCode(request, ctx)}`);
  if (!ctx.faults.has('auth-deny-missing-error-reason')) parts.push('error_reason=user_denied');
  const plus = !ctx.faults.has('auth-deny-description-not-plus-joined');
  parts.push(`error_description=${plus ? 'Permissions+error' : 'Permissions%20error'}`);
  return parts;
}

function stateOf(request: AuthorizeRequest, ctx: RefContext): string | undefined {
  if (request.state === undefined || !ctx.faults.has('auth-state-altered')) return request.state;
  return `${request.state}_0`;
}

function showWindow(req: RefRequest, ctx: RefContext): RefResponse {
  if (req.token === null && ctx.faults.has('auth-window-needs-token')) requireToken(req);
  const request = readAuthorizeQuery(req.params, ctx);
  if (ctx.faults.has('auth-window-not-html')) return { status: 200, body: { window: request } };
  if (ctx.faults.has('auth-window-skipped')) return { status: 302, redirect: decide(req.params, 'allow', ctx) };
  return { status: 200, html: renderWindow(request, 'Reference App') };
}

/** Contract §3.3: `{access_token, token_type: "bearer", expires_in}`. */
async function exchange(req: RefRequest, ctx: RefContext): Promise<RefResponse> {
  const { params } = req;
  const { app } = ctx.profile;
  const clientId = readString(params, 'client_id');
  if (clientId !== app.id)
    throw invalidParam('Error validating application: client_id is missing or unknown.');
  if (readString(params, 'client_secret') !== app.secret && !ctx.faults.has('auth-secret-not-checked')) {
    throw new GraphError(1, 'Error validating client secret.');
  }
  const redirectUri = readString(params, 'redirect_uri');
  const code = readString(params, 'code');
  if (!redirectUri || !code) throw invalidParam('redirect_uri and code are required.');
  return { status: 200, body: await exchangeCode({ redirectUri, code }, ctx) };
}

/** `auth-window-post-issues-code`: a POST to the window is taken for the person's consent. */
const postAllows = (req: RefRequest, ctx: RefContext): RefResponse => ({
  status: 302,
  redirect: decide(req.params, 'allow', ctx),
});

/**
 * The authorization window (a dialog: exempt from the version history) and the code exchange. The window has no
 * create, update or delete: those methods find no route and are the unsupported-operation error, unless a fault
 * serves them.
 */
export const AUTH_GROUP: EndpointGroup = {
  name: 'auth',
  routes: [
    { method: 'GET', pattern: '/oauth/authorize', exemptFromVersionHistory: true, handler: showWindow },
    {
      method: 'POST',
      pattern: '/oauth/authorize',
      exemptFromVersionHistory: true,
      accepts: (_, ctx) => ctx.faults.has('auth-window-post-issues-code'),
      handler: postAllows,
    },
    ...(['PUT', 'DELETE'] as const).map((method) => ({
      method,
      pattern: '/oauth/authorize',
      exemptFromVersionHistory: true,
      accepts: (_: Record<string, string>, ctx: RefContext) => ctx.faults.has('auth-window-write-methods-served'),
      handler: showWindow,
    })),
    { method: 'GET', pattern: '/oauth/access_token', handler: exchange },
    { method: 'POST', pattern: '/oauth/access_token', handler: exchange },
  ],
};
