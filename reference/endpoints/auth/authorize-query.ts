import { invalidParam } from '../../graph-error.js';
import { readString } from '../../params.js';
import type { RefContext } from '../../types.js';

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
}

const BASIC = ['imgnet_basic', 'imgnet_business_basic'];

/**
 * The window's query, checked as the spec states: all four parameters required, `client_id` the app's id,
 * `redirect_uri` exactly a registered URI (R18), `response_type=code`, `scope` comma- or space-separated and
 * holding a basic permission. Any miss is code 100 naming the parameter.
 */
export function readAuthorizeQuery(query: Record<string, unknown>, ctx: RefContext): AuthorizeRequest {
  const { faults } = ctx;
  const clientId = readString(query, 'client_id');
  if (!clientId && !faults.has('auth-client-id-not-required')) throw invalidParam('client_id is required.');
  const anyNumericId = faults.has('auth-client-id-any') && /^\d+$/.test(clientId ?? '');
  // The fault reads the id the way parseInt does: its leading digits, whatever follows them.
  const leadingDigits = faults.has('auth-client-id-leading-digits') && /^\d+/.exec(clientId ?? '')?.[0] === ctx.profile.app.id;
  if (clientId !== undefined && clientId !== ctx.profile.app.id && !anyNumericId && !leadingDigits) {
    throw invalidParam(`client_id ${clientId} is not the id of a known app.`);
  }
  const redirectUri = readRedirectUri(query, ctx);
  const responseType = readString(query, 'response_type');
  if (responseType !== 'code' && !faults.has('auth-response-type-not-checked')) {
    throw invalidParam('response_type must be code.');
  }
  const scopes = splitScope(readString(query, 'scope') ?? '', ctx);
  if (!scopes.some((scope) => BASIC.includes(scope)) && !faults.has('auth-scope-not-required')) {
    throw invalidParam(`scope must include ${BASIC.join(' or ')}.`);
  }
  const state = readString(query, 'state');
  return {
    clientId: clientId ?? ctx.profile.app.id,
    redirectUri,
    scopes,
    ...(state === undefined ? {} : { state }),
  };
}

/** Exactly one of the registered URIs (R18); the faults loosen the comparison the way lax services do. */
function readRedirectUri(query: Record<string, unknown>, ctx: RefContext): string {
  const registered = ctx.profile.app.redirectUris;
  const redirectUri = readString(query, 'redirect_uri');
  if (!redirectUri) {
    if (ctx.faults.has('auth-redirect-uri-not-required') && registered[0]) return registered[0];
    throw invalidParam('redirect_uri is required.');
  }
  if (!registered.some((uri) => sameRedirect(uri, redirectUri, ctx))) {
    throw invalidParam(`redirect_uri ${redirectUri} is not one of the app's valid OAuth redirect URIs.`);
  }
  return redirectUri;
}

function sameRedirect(registered: string, given: string, ctx: RefContext): boolean {
  const { faults } = ctx;
  let [a, b] = [registered, given];
  if (faults.has('auth-redirect-case-lenient')) [a, b] = [a.toLowerCase(), b.toLowerCase()];
  if (faults.has('auth-redirect-trailing-slash-lenient')) [a, b] = [noSlash(a), noSlash(b)];
  if (faults.has('auth-redirect-port-lenient')) [a, b] = [withoutPort(a), withoutPort(b)];
  if (faults.has('auth-redirect-scheme-lenient')) [a, b] = [withoutScheme(a), withoutScheme(b)];
  if (faults.has('auth-redirect-host-extension-lenient') && extendsHost(a, b)) return true;
  const longer = b.startsWith(a.endsWith('/') ? a : `${a}/`);
  if (faults.has('auth-redirect-extra-segment-lenient') && longer) return true;
  return a === b;
}

const noSlash = (uri: string): string => uri.replace(/\/$/, '');
const withoutScheme = (uri: string): string => uri.replace(/^https?:\/\//i, '//');

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The lax check of services that match the host by substring: same scheme and path, a host containing it. */
function extendsHost(registered: string, given: string): boolean {
  const [a, b] = [parseUrl(registered), parseUrl(given)];
  if (!a || !b || a.protocol !== b.protocol || a.port !== b.port || a.pathname !== b.pathname) return false;
  return b.hostname !== a.hostname && b.hostname.includes(a.hostname);
}
const withoutPort = (uri: string): string =>
  uri.replace(/^([a-zA-Z][\w+.-]*:\/\/[^/?#]*?):\d+(?=[/?#]|$)/, '$1');

/** The query decoder already turned `%20` and `+` into spaces. */
function splitScope(scope: string, ctx: RefContext): string[] {
  const separator = ctx.faults.has('auth-scope-space-separated-refused') ? /,/ : /[\s,]+/;
  return scope
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}
