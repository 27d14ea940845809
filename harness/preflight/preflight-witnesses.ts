import type { GraphClient, GraphRequest } from '../client/graph-client.js';
import { pathOf } from '../http/path-of.js';
import type { SentExchange } from '../client/send.js';
import { describeResponse, isErrorResponse } from '../checks/error-envelope.js';
import { ForeignOriginError } from '../errors.js';
import type { Profile } from '../profile/profile.js';
import { AREA_NAMES, AREAS, type AreaEntry, type AreaName, withFixtures } from '../profile/vocabulary.js';
import { endpointMatches } from '../suite/rule-endpoints.js';
import { lookup } from '../validation/lookup.js';

/**
 * What the selected rules may reach: the endpoints they send to (every alternative included) and the tokens and
 * fixtures they may use. Preflight asks only about these; without a scope, about everything the profile names.
 */
export interface PreflightScope {
  endpoints: readonly string[];
  tokens: ReadonlySet<string>;
  fixtures: ReadonlySet<string>;
}

/** One plain, valid request preflight sent, and what came of it. */
export interface Witness {
  /** The profile field it vouches for: `tokens.page`, `app.access_token`, `auth_url`. */
  field: string;
  /** The area it reads, for an area's read (AREAS). */
  area?: AreaName;
  /**
   * An area's read sent only to vouch for a token whose reads in scope were all refused (`--suite feed` on a target
   * without a feed): it tells an unserved area from a bad token, and is no verdict on its own area.
   */
  outOfScope?: true;
  /** The path asked, its fixtures filled and without a version: `/2000001/feed`. */
  path: string;
  /** The request as sent, without its query: `GET /v25.0/2000001/feed`. */
  request: string;
  /** Why it counts as refused; undefined when it was accepted. */
  refused?: string;
  /** A refused request's answer in short: `HTTP 400, code 100 ("Unknown path…")`. */
  answer?: string;
  /** The answer's error code (code 190: the token is invalid; code 100: no such object). */
  code?: number;
}

/**
 * The plainest valid requests the scope reaches, one per area read (the Page token reads its feed and its photos,
 * `msgapp` lists templates), the app token's subscriptions and the authorization window. A request the origin
 * policy keeps from being sent (an offline repeat, whose cassette cannot answer an `auth_url` on another origin)
 * is no witness: it vouches for nothing and refuses nothing.
 */
export async function askWitnesses(profile: Profile, client: GraphClient, version: string | null, scope?: PreflightScope): Promise<Witness[]> {
  const get = (path: string, token: string | null, extra: Partial<GraphRequest> = {}) =>
    client.send({ method: 'GET', base: 'api', path, version, token, ...extra });
  const asks: Ask[] = [];
  const areaReads = AREA_NAMES.flatMap((area) => {
    const { read }: AreaEntry = AREAS[area];
    const token = read && profile.tokens[read.token];
    const path = read && withFixtures(read.path, profile.fixtures);
    if (!read || !token || !path) return [];
    return [{ field: `tokens.${read.token}`, area, path, send: () => get(path, token, read.query ? { query: { ...read.query } } : {}) }];
  });
  asks.push(...areaReads.filter((ask) => reaches(scope, ask.area)));
  if (profile.app.access_token && profile.app.id && (!scope || scope.tokens.has('app'))) {
    const path = `/${profile.app.id}/subscriptions`;
    asks.push({ field: 'app.access_token', path, send: () => get(path, profile.app.access_token!) });
  }
  const redirectUri = profile.app.redirect_uris[0];
  if (redirectUri && profile.app.id && (!scope || scope.endpoints.some((e) => endpointMatches('/oauth/authorize', e)))) {
    const query = { client_id: profile.app.id, redirect_uri: redirectUri, response_type: 'code', scope: 'imgnet_basic' };
    asks.push({ field: 'auth_url', path: '/oauth/authorize', send: () => get('/oauth/authorize', null, { base: 'auth', version: null, query }) });
  }
  const witnesses = await askEach(asks, profile);
  // A token refused on every read in scope, though not as invalid: its other areas' reads tell a target that does
  // not serve the areas in scope from a token it refuses.
  const unvouched = new Set(witnesses.filter((w) => w.area && w.refused && w.code !== 190).map((w) => w.field));
  for (const w of witnesses) if (!w.refused) unvouched.delete(w.field);
  const more = areaReads.filter((ask) => unvouched.has(ask.field) && !asks.includes(ask));
  for (const witness of await askEach(more, profile)) witnesses.push({ ...witness, outOfScope: true });
  return witnesses;
}

interface Ask {
  field: string;
  area?: AreaName;
  path: string;
  send: () => Promise<SentExchange>;
}

/** Every read at once (each waits one round trip, and none changes what another reads), in the order asked. */
async function askEach(asks: Ask[], profile: Profile): Promise<Witness[]> {
  const answered = await Promise.all(
    asks.map(async (ask): Promise<Witness | undefined> => {
      const sent = await unlessElsewhere(ask.send());
      if (!sent) return undefined;
      const request = ask.field === 'auth_url' ? 'the authorization window' : `GET ${pathOf(sent.exchange.request.url)}`;
      return { field: ask.field, ...(ask.area ? { area: ask.area } : {}), path: ask.path, request, ...refusal(sent, request, profile) };
    }),
  );
  return answered.filter((w) => w !== undefined);
}

/** Whether the scope's endpoints reach an area (no scope: every area). */
function reaches(scope: PreflightScope | undefined, area: AreaName): boolean {
  return !scope || scope.endpoints.some((endpoint) => AREAS[area].paths.some((path) => endpointMatches(path, endpoint)));
}

async function unlessElsewhere(asking: Promise<SentExchange>): Promise<SentExchange | undefined> {
  try {
    return await asking;
  } catch (error) {
    if (error instanceof ForeignOriginError) return undefined;
    throw error;
  }
}

function refusal({ exchange, json }: SentExchange, request: string, profile: Profile): Pick<Witness, 'refused' | 'code' | 'answer'> {
  if (!isErrorResponse(exchange, json)) return {};
  const status = exchange.response?.status ?? 0;
  // The window may redirect on its way to a page (a login step).
  if (status >= 300 && status < 400) return {};
  const code = Number(lookup(json, profile.errors.code));
  const message = lookup(json, profile.errors.message);
  const said = typeof message === 'string' ? ` ("${message.length > 80 ? `${message.slice(0, 80)}…` : message}")` : '';
  const coded = { ...(Number.isInteger(code) ? { code } : {}), answer: `HTTP ${status}${Number.isInteger(code) ? `, code ${code}` : ''}${said}` };
  // The spec's table: 190 is "Invalid OAuth 2.0 access token", most likely a mistake in the profile.
  if (code === 190) return { refused: 'the target refuses this token as invalid (code 190); check the value', ...coded };
  return { refused: `the target refuses ${request}, a valid request (${describeResponse(exchange, json)})`, ...coded };
}
