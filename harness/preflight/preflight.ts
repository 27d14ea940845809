import type { GraphClient, GraphRequest } from '../client/graph-client.js';
import { isErrorResponse } from '../checks/error-envelope.js';
import type { ControlClient } from '../control/control-client.js';
import { clockFromDateHeader } from '../control/control-client.js';
import { CannotJudgeError, GraphcheckError, TargetFailure } from '../errors.js';
import type { Profile } from '../profile/profile.js';
import { FIXTURE_NAMES, FIXTURES, withFixtures } from '../profile/vocabulary.js';
import { lookup } from '../validation/lookup.js';
import { askWitnesses, type PreflightScope, type Witness } from './preflight-witnesses.js';

/** What preflight found: problems keyed by profile field, areas the target does not serve, whether it dates its answers. */
export interface PreflightResult {
  problems: Map<string, string>;
  /** Areas of the interface the target does not serve (by name: the read preflight made and its answer). */
  unserved: Map<string, string>;
  /** The target's answers carry a `Date` header: its time can be read without control `clock` (§3.5). */
  sendsDate: boolean;
}

/** A preflight probe: which profile field it vouches for, and how to ask the target (a problem, or undefined). */
interface Probe {
  field: string;
  run(): Promise<string | undefined>;
}

/**
 * Checks the profile against the target before any rule runs (also `graphcheck doctor`), asking only about what the
 * selected rules may reach (`scope`; everything without one). Problems are keyed by profile field; rules that need a
 * broken field get `error`, never `failed`. The plainest valid reads of the areas the rules reach vouch for their
 * tokens: a token the target refuses on every one of them cannot be judged with, while an area refused where the
 * same token is accepted elsewhere is one the target does not serve (`unserved`). When the target refuses every
 * such request, the authorization window's included, nothing it answers can be judged (reading R51, for the run
 * as a whole): every rule is `error`, as when the target is still rate limited after the waits the run allows. An
 * unreachable base URL throws.
 */
export async function preflight(
  profile: Profile,
  client: GraphClient,
  control: ControlClient,
  version: string | null,
  scope?: PreflightScope,
): Promise<PreflightResult> {
  const problems = new Map<string, string>();
  const unserved = new Map<string, string>();
  const sendsDate = await probeBaseUrl(profile, client);
  const witnesses = sendsDate instanceof TargetFailure ? sendsDate : await askWitnesses(profile, client, version, scope).catch(rateLimitOnly);
  if (witnesses instanceof TargetFailure) {
    // Still limited once the run has waited what it may: nothing the target answers can be judged now, but the run
    // goes on to its reports, every rule `error` with this reason, rather than stopping as if the target were gone.
    problems.set('base_url', `profile base_url ${profile.base_url}: ${witnesses.message}`);
    return { problems, unserved, sendsDate: false };
  }
  judgeWitnesses(witnesses, problems, unserved);
  // One token refused as invalid on every read is that token's problem (judgeWitnesses names it), not the target's:
  // a selection reaching one token's areas only (`--suite feed`) has no other read to tell them apart.
  const oneTokenInvalid = new Set(witnesses.map((w) => w.field)).size === 1 && witnesses.every((w) => w.code === 190);
  if (witnesses.length > 0 && witnesses.every((w) => w.refused) && !oneTokenInvalid) {
    const all = `the target refuses every valid request preflight sent (${witnesses.map((w) => w.refused).join('; ')})`;
    problems.set('base_url', `profile base_url ${profile.base_url}: ${all}: nothing it answers can be judged (R51)`);
  }
  const pageReads = witnesses.filter((w) => w.area === 'feed' || w.area === 'photos');
  if (pageReads.length > 0 && pageReads.every((w) => w.code === 100) && wanted(scope?.fixtures, 'page_id')) {
    problems.set('fixtures.page_id', `profile fixtures.page_id: ${pageReads[0]!.request} answers code 100 (no such object); check the id`);
  }
  const accepted = witnesses.find((w) => w.area && !w.refused);
  const { reads, capabilities } = probes(profile, client, control, version, { scope, witnesses, ...(accepted ? { accepted } : {}) });
  // The reads of tokens and fixtures at once (each a round trip that changes nothing), then the control's
  // capabilities one by one, the reset last: nothing reads while the target is put back.
  const outcomes = await Promise.all(reads.map(problemOf));
  for (const probe of capabilities) outcomes.push(await problemOf(probe));
  for (const { field, problem } of outcomes) if (problem) problems.set(field, `profile ${field}: ${problem}`);
  return { problems, unserved, sendsDate: sendsDate === true };
}

async function problemOf(probe: Probe): Promise<{ field: string; problem: string | undefined }> {
  try {
    return { field: probe.field, problem: await probe.run() };
  } catch (error) {
    if (!(error instanceof GraphcheckError)) throw error;
    return { field: probe.field, problem: error.message };
  }
}

/**
 * A token refused on every read of its areas is a problem of its field; an area refused while its token is accepted
 * on another area's read is not served. The app token's and the window's refusals count for the run as a whole.
 */
function judgeWitnesses(witnesses: Witness[], problems: Map<string, string>, unserved: Map<string, string>): void {
  for (const field of new Set(witnesses.map((w) => w.field))) {
    const own = witnesses.filter((w) => w.field === field);
    const refused = own.filter((w) => w.refused);
    if (refused.length === own.length) {
      if (field !== 'auth_url') problems.set(field, `profile ${field}: ${refused.map((w) => w.refused).join('; ')}; rules that use it cannot be judged`);
      continue;
    }
    for (const w of refused) if (w.area && !w.outOfScope && w.code !== 190) unserved.set(w.area, `preflight's ${w.request} answered ${w.answer}`);
  }
}

function wanted(names: ReadonlySet<string> | undefined, name: string): boolean {
  return !names || names.has(name);
}

/** Whether the target dates its answers; its rate limit when it is still limited after the waits allowed. */
async function probeBaseUrl(profile: Profile, client: GraphClient): Promise<boolean | TargetFailure> {
  try {
    const { exchange } = await client.send({ method: 'GET', base: 'api', path: '/', version: null, token: null });
    return clockFromDateHeader(exchange) !== undefined;
  } catch (error) {
    if (isRateLimited(error)) return error;
    if (error instanceof CannotJudgeError) {
      throw new CannotJudgeError(error.code, `profile base_url ${profile.base_url}: ${error.message}`);
    }
    throw error;
  }
}

function isRateLimited(error: unknown): error is TargetFailure {
  return error instanceof TargetFailure && error.code === 'RATE_LIMITED';
}

/** A rate limit the run could not wait out, as a value; anything else thrown on. */
function rateLimitOnly(error: unknown): TargetFailure {
  if (isRateLimited(error)) return error;
  throw error;
}

interface Asked {
  scope: PreflightScope | undefined;
  witnesses: Witness[];
  /** A read of an area the target accepted: where the other tokens are tried for code 190. */
  accepted?: Witness;
}

function probes(profile: Profile, client: GraphClient, control: ControlClient, version: string | null, asked: Asked): { reads: Probe[]; capabilities: Probe[] } {
  const errorCode = (body: unknown) => Number(lookup(body, profile.errors.code));
  const get = (path: string, token: string | undefined, extra: Partial<GraphRequest> = {}) =>
    client.send({ method: 'GET', base: 'api', path, version, token: token ?? null, ...extra });
  const list: Probe[] = [];
  const witnessed = new Set(asked.witnesses.map((w) => w.field));
  const plain = asked.accepted?.path;
  for (const [name, token] of Object.entries(profile.tokens)) {
    if (!plain || witnessed.has(`tokens.${name}`) || !wanted(asked.scope?.tokens, name)) continue;
    list.push({
      field: `tokens.${name}`,
      run: async () => {
        const { exchange, json } = await get(plain, token);
        return isErrorResponse(exchange, json) && errorCode(json) === 190
          ? `the target refuses this token as invalid (code 190); check the value`
          : undefined;
      },
    });
  }
  for (const fixture of FIXTURE_NAMES) {
    const entry: { probe?: string } = FIXTURES[fixture];
    const path = entry.probe === undefined ? undefined : withFixtures(entry.probe, profile.fixtures);
    if (path === undefined || !wanted(asked.scope?.fixtures, fixture)) continue;
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
  const capabilities: Probe[] = [];
  if (control.has('profile')) capabilities.push(capabilityProbe('profile', () => Promise.resolve()));
  if (control.has('clock')) capabilities.push(capabilityProbe('clock', () => control.now()));
  if (control.has('reset')) capabilities.push(capabilityProbe('reset', () => control.reset()));
  return { reads: list, capabilities };
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
