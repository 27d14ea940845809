import type { GraphClient } from '../client/graph-client.js';
import { isErrorResponse } from '../checks/error-envelope.js';
import type { ControlClient } from '../control/control-client.js';
import { CannotJudgeError, GraphcheckError } from '../errors.js';
import type { Profile } from '../profile/profile.js';
import { lookup } from '../suite/template.js';

/** A preflight probe: which profile field it vouches for, and how to ask the target. */
interface Probe {
  field: string;
  run(): Promise<string | undefined>;
}

/**
 * Checks the profile against the target before any rule runs (also `graphcheck doctor`). Returns problems keyed
 * by profile field; rules that need a broken field get `error`, never `failed`. An unreachable base URL throws.
 */
export async function preflight(
  profile: Profile,
  client: GraphClient,
  control: ControlClient,
  version: string | null,
): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  await probeBaseUrl(profile, client);
  for (const probe of probes(profile, client, control, version)) {
    try {
      const problem = await probe.run();
      if (problem) problems.set(probe.field, `profile ${probe.field}: ${problem}`);
    } catch (error) {
      if (!(error instanceof GraphcheckError)) throw error;
      problems.set(probe.field, `profile ${probe.field}: ${error.message}`);
    }
  }
  return problems;
}

async function probeBaseUrl(profile: Profile, client: GraphClient): Promise<void> {
  try {
    await client.send({ method: 'GET', base: 'api', path: '/', version: null, token: null });
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
  const get = (path: string, token: string | undefined) =>
    client.send({ method: 'GET', base: 'api', path, version, token: token ?? null });
  const list: Probe[] = [];
  for (const [name, token] of Object.entries(profile.tokens)) {
    list.push({
      field: `tokens.${name}`,
      run: async () => {
        const { exchange, json } = await get(pageId ? `/${pageId}/feed` : '/me', token);
        return isErrorResponse(exchange, json) && errorCode(json) === 190
          ? `the target refuses this token as invalid (code 190); check the value`
          : undefined;
      },
    });
  }
  const fixturePaths: Record<string, string> = {
    page_id: `/${pageId}/feed`,
    product_feed_upload_id: `/${profile.fixtures.product_feed_upload_id}/errors`,
    video_id: `/${profile.fixtures.video_id}`,
    live_video_id: `/${profile.fixtures.live_video_id}`,
  };
  for (const [fixture, path] of Object.entries(fixturePaths)) {
    if (!profile.fixtures[fixture as keyof Profile['fixtures']]) continue;
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
