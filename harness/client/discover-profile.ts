import { isIP } from 'node:net';
import { send } from './send.js';
import { CannotJudgeError, UserInputError } from '../errors.js';
import { validateProfile } from '../profile/load-profile.js';
import type { Capability, Profile } from '../profile/profile.js';
import { CAPABILITIES } from '../profile/vocabulary.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import { OriginPolicy, originOf, PROFILE_URL_KEYS } from './origin-policy.js';

/** What the user said beside `--target`: the only way a served profile may point elsewhere or listen wider. */
export interface DiscoveryOptions {
  /** `--allow-origin`: origins the served profile's addresses may have besides the target's. */
  allowOrigins?: readonly string[];
  /** `--receiver-host`: where the run's receiver and content host listen, whatever the served profile says. */
  receiverHost?: string;
}

/**
 * `--target URL` alone: reads the profile from `URL/_control/profile` (contract §1). The target wrote that profile,
 * so it may not steer the run: its addresses share the `--target` origin (or one the user allowed), and its
 * `receiver_host` is a loopback address (or the user chose one), else a user error before any other request.
 */
export async function discoverProfile(targetUrl: string, timeoutMs: number, options: DiscoveryOptions = {}): Promise<Profile> {
  let base: URL;
  try {
    base = new URL(withoutUserinfo(targetUrl));
  } catch {
    throw new UserInputError('USAGE', `--target: not a URL; give e.g. http://127.0.0.1:8080`);
  }
  const url = `${base.toString().replace(/\/+$/, '')}/_control/profile`;
  const origins = OriginPolicy.of([base.toString()]);
  const { exchange, json } = await send({ kind: 'control', method: 'GET', url, headers: {}, timeoutMs, origins });
  const status = exchange.response?.status ?? 0;
  if (status !== 200 || json === undefined || typeof json !== 'object') {
    throw new CannotJudgeError(
      'SETUP_FAILED',
      `${url} answered HTTP ${status}${json === undefined ? ' without JSON' : ''}; ` +
        'the target serves no control protocol: pass --profile FILE',
    );
  }
  const served = validateProfile(json, url);
  assertOwnOrigins(served, url, OriginPolicy.of([base.toString(), ...(options.allowOrigins ?? [])]));
  if (options.receiverHost !== undefined) return { ...served, webhooks: { ...served.webhooks, receiver_host: options.receiverHost } };
  assertLoopbackReceiver(served, url);
  return served;
}

/**
 * The control capabilities a target serves, from `GET {control_url}/profile` (contract §2), for a profile file that
 * gives a control_url and no `capabilities:`. Names this graphcheck does not know (a newer contract's) are left
 * out. A target that does not answer it with a profile leaves the file to list them: a user error naming the fix.
 */
export async function servedCapabilities(profile: Profile, file: string, timeoutMs: number, allowOrigins: readonly string[] = []): Promise<Capability[]> {
  const url = `${profile.control_url!.replace(/\/+$/, '')}/profile`;
  const origins = OriginPolicy.forProfile(profile, allowOrigins);
  const { exchange, json } = await send({ kind: 'control', method: 'GET', url, headers: {}, timeoutMs, origins });
  const status = exchange.response?.status ?? 0;
  const listed = (json as { capabilities?: unknown } | undefined)?.capabilities;
  if (status !== 200 || !Array.isArray(listed)) {
    const answer = status === 200 ? 'a body without a capabilities list' : `HTTP ${status}`;
    throw new UserInputError(
      'PROFILE_INVALID',
      `${file}: /capabilities is not given and GET ${url} answered ${answer}; list the control capabilities the target serves ` +
        `under capabilities: (${CAPABILITIES.join(', ')}; contract §2), or drop control_url`,
    );
  }
  return CAPABILITIES.filter((name) => listed.includes(name));
}

function assertOwnOrigins(profile: Profile, from: string, origins: OriginPolicy): void {
  for (const key of PROFILE_URL_KEYS) {
    const value = profile[key];
    if (value === undefined || origins.allows(value)) continue;
    const elsewhere = originOf(value);
    throw new UserInputError(
      'PROFILE_INVALID',
      `${from}: the served profile puts ${key} on ${elsewhere}, another origin than --target ${origins.target}; ` +
        `graphcheck sends nothing there unless you pass --allow-origin ${elsewhere} (or give a --profile FILE)`,
    );
  }
}

function assertLoopbackReceiver(profile: Profile, from: string): void {
  const host = profile.webhooks.receiver_host;
  if (isLoopbackHost(host)) return;
  throw new UserInputError(
    'PROFILE_INVALID',
    `${from}: the served profile sets webhooks.receiver_host to ${JSON.stringify(host)}, which would make the run's ` +
      'receiver and content host listen beyond loopback; a served profile cannot choose that: pass --receiver-host ADDRESS ' +
      '(or give a --profile FILE)',
  );
}

/** `localhost`, 127.0.0.0/8 or ::1: an address only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  // The URL parser writes an IPv6 address in its shortest form: every spelling of the loopback becomes [::1].
  return isIP(bare) === 6 && new URL(`http://[${bare}]/`).hostname === '[::1]';
}
