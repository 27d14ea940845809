import type { GraphClient, GraphRequest } from '../client/graph-client.js';
import type { SentExchange } from '../client/send.js';
import { describeResponse, isErrorResponse } from '../checks/error-envelope.js';
import type { Profile } from '../profile/profile.js';
import { type TokenName, TOKENS, withFixtures } from '../profile/vocabulary.js';
import { lookup } from '../validation/lookup.js';

/** A preflight probe: which profile field it vouches for, and how to ask the target (a problem, or undefined). */
export interface Probe {
  field: string;
  run(): Promise<string | undefined>;
}

/**
 * The plainest valid requests a target must serve, one per token it is sent with (the Page token reads its feed,
 * the app token lists its subscriptions, `msgapp` lists templates) and the authorization window with a valid query.
 */
export function witnessProbes(profile: Profile, client: GraphClient, version: string | null): Probe[] {
  const get = (path: string, token: string | null, extra: Partial<GraphRequest> = {}) =>
    client.send({ method: 'GET', base: 'api', path, version, token, ...extra });
  const refused = (sent: SentExchange, what: string) => refusal(sent, what, profile);
  const list: Probe[] = [];
  for (const [name, token] of Object.entries(profile.tokens)) {
    const path = plainRead(name, profile);
    if (path) list.push({ field: `tokens.${name}`, run: async () => refused(await get(path, token, { query: { limit: 1 } }), `GET ${path}`) });
  }
  if (profile.app.access_token) {
    const path = `/${profile.app.id}/subscriptions`;
    list.push({ field: 'app.access_token', run: async () => refused(await get(path, profile.app.access_token!), `GET ${path}`) });
  }
  const redirectUri = profile.app.redirect_uris[0];
  if (redirectUri) {
    const query = { client_id: profile.app.id, redirect_uri: redirectUri, response_type: 'code', scope: 'imgnet_basic' };
    const window = { base: 'auth' as const, version: null, query };
    list.push({ field: 'auth_url', run: async () => refused(await get('/oauth/authorize', null, window), 'the authorization window') });
  }
  return list;
}

/**
 * The plainest read the spec grants a token, where the vocabulary names one and the profile has its fixtures: the
 * Page token reads its feed, `msgapp` lists templates.
 */
export function plainRead(name: string, profile: Profile): string | undefined {
  const entry: { plainRead?: string } | undefined = TOKENS[name as TokenName];
  return entry?.plainRead === undefined ? undefined : withFixtures(entry.plainRead, profile.fixtures);
}

function refusal({ exchange, json }: SentExchange, what: string, profile: Profile): string | undefined {
  if (!isErrorResponse(exchange, json)) return undefined;
  const status = exchange.response?.status ?? 0;
  // The window may redirect on its way to a page (a login step).
  if (status >= 300 && status < 400) return undefined;
  // The spec's table: 190 is "Invalid OAuth 2.0 access token", most likely a mistake in the profile.
  if (Number(lookup(json, profile.errors.code)) === 190) return 'the target refuses this token as invalid (code 190); check the value';
  return `the target refuses ${what}, a valid request (${describeResponse(exchange, json)})`;
}

