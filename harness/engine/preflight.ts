import type { GraphClient, GraphRequest } from '../client/graph-client.js';
import { isErrorResponse } from '../checks/error-envelope.js';
import type { ControlClient } from '../control/control-client.js';
import { clockFromDateHeader } from '../control/control-client.js';
import { CannotJudgeError, ForeignOriginError, GraphcheckError } from '../errors.js';
import type { Profile } from '../profile/profile.js';
import { FIXTURE_NAMES, FIXTURES, withFixtures } from '../profile/vocabulary.js';
import { lookup } from '../validation/lookup.js';
import { plainRead, type Probe, witnessProbes } from './preflight-witnesses.js';

/** What preflight found: problems keyed by profile field, and whether the target dates its answers. */
export interface PreflightResult {
  problems: Map<string, string>;
  /** The target's answers carry a `Date` header: its time can be read without control `clock` (§3.5). */
  sendsDate: boolean;
}

/**
 * Checks the profile against the target before any rule runs (also `graphcheck doctor`). Problems are keyed by
 * profile field; rules that need a broken field get `error`, never `failed`. Besides ids and tokens the target
 * must know, it sends the plainest valid request the Page token, the app token and the `msgapp` token can each
 * make: rules using a token the target refuses even that cannot be judged. When the target refuses every such
 * request, the authorization window's included, nothing it answers can be judged (reading R51, for the run as a
 * whole): every rule is `error`. An unreachable base URL throws.
 */
export async function preflight(
  profile: Profile,
  client: GraphClient,
  control: ControlClient,
  version: string | null,
): Promise<PreflightResult> {
  const problems = new Map<string, string>();
  const sendsDate = await probeBaseUrl(profile, client);
  const witnesses = witnessProbes(profile, client, version);
  const refusals: string[] = [];
  let asked = 0;
  for (const witness of witnesses) {
    const refused = await unlessElsewhere(witness.run());
    if (refused === ELSEWHERE) continue;
    asked++;
    if (!refused) continue;
    refusals.push(refused);
    if (witness.field !== 'auth_url') problems.set(witness.field, `profile ${witness.field}: ${refused}; rules that use it cannot be judged`);
  }
  if (asked > 0 && refusals.length === asked) {
    const all = `the target refuses every valid request preflight sent (${refusals.join('; ')})`;
    problems.set('base_url', `profile base_url ${profile.base_url}: ${all}: nothing it answers can be judged (R51)`);
  }
  for (const probe of probes(profile, client, control, version)) {
    try {
      const problem = await probe.run();
      if (problem) problems.set(probe.field, `profile ${probe.field}: ${problem}`);
    } catch (error) {
      if (!(error instanceof GraphcheckError)) throw error;
      problems.set(probe.field, `profile ${probe.field}: ${error.message}`);
    }
  }
  return { problems, sendsDate };
}

const ELSEWHERE = Symbol('not asked');

/**
 * A witness the origin policy keeps from asking (an offline repeat, whose cassette cannot answer a recorded
 * auth_url on another origin) vouches for nothing and refuses nothing; its rules meet the same refusal.
 */
async function unlessElsewhere(asking: Promise<string | undefined>): Promise<string | undefined | typeof ELSEWHERE> {
  try {
    return await asking;
  } catch (error) {
    if (error instanceof ForeignOriginError) return ELSEWHERE;
    throw error;
  }
}

async function probeBaseUrl(profile: Profile, client: GraphClient): Promise<boolean> {
  try {
    const { exchange } = await client.send({ method: 'GET', base: 'api', path: '/', version: null, token: null });
    return clockFromDateHeader(exchange) !== undefined;
  } catch (error) {
    if (error instanceof CannotJudgeError) {
      throw new CannotJudgeError(error.code, `profile base_url ${profile.base_url}: ${error.message}`);
    }
    throw error;
  }
}

function probes(profile: Profile, client: GraphClient, control: ControlClient, version: string | null): Probe[] {
  const pageId = profile.fixtures.page_id;
  const errorCode = (body: unknown) => Number(lookup(body, profile.errors.code));
  const get = (path: string, token: string | undefined, extra: Partial<GraphRequest> = {}) =>
    client.send({ method: 'GET', base: 'api', path, version, token: token ?? null, ...extra });
  const feed = pageId ? `/${pageId}/feed` : '/me';
  const list: Probe[] = [];
  for (const [name, token] of Object.entries(profile.tokens)) {
    if (plainRead(name, profile)) continue;
    list.push({
      field: `tokens.${name}`,
      run: async () => {
        const { exchange, json } = await get(feed, token);
        return isErrorResponse(exchange, json) && errorCode(json) === 190
          ? `the target refuses this token as invalid (code 190); check the value`
          : undefined;
      },
    });
  }
  for (const fixture of FIXTURE_NAMES) {
    const entry: { probe?: string } = FIXTURES[fixture];
    const path = entry.probe === undefined ? undefined : withFixtures(entry.probe, profile.fixtures);
    if (path === undefined) continue;
    list.push({
      field: `fixtures.${fixture}`,
      run: async () => {
        const { exchange, json } = await get(path, profile.tokens.page);
        return isErrorResponse(exchange, json) && errorCode(json) === 100
          ? `GET ${path} answers code 100 (no such object); check the id`
          : undefined;
      },
    });
  }
  if (control.has('profile')) list.push(capabilityProbe('profile', () => Promise.resolve()));
  if (control.has('clock')) list.push(capabilityProbe('clock', () => control.now()));
  if (control.has('reset')) list.push(capabilityProbe('reset', () => control.reset()));
  return list;
}

function capabilityProbe(capability: string, call: () => Promise<unknown>): Probe {
  return {
    field: `capabilities.${capability}`,
    run: async () => {
      await call();
      return undefined;
    },
  };
}
