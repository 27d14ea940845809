import { discoverProfile, servedCapabilities } from '../client/discover-profile.js';
import { OriginPolicy } from '../client/origin-policy.js';
import { readProfileFile, validateProfile } from '../profile/load-profile.js';
import type { Profile } from '../profile/profile.js';

/** A live target as a run reaches it: its profile, where the run may send, and what stops what was started. */
export interface ReachedTarget {
  profile: Profile;
  /** The profile's origins and those the user allowed (`--allow-origin`). */
  origins: OriginPolicy;
  close(): Promise<void>;
}

/**
 * Starts the embedded reference target with these fault switches (an unknown one is the user's to fix). Handed
 * over by `bin/`, the one place that sees both the harness and the reference: no harness unit imports it.
 */
export type StartReference = (faults: string[]) => Promise<{ profile: unknown; close(): Promise<void> }>;

/** What a live run names as its target: the embedded reference, or an implementation's URL and/or profile file. */
export type LiveTarget = { kind: 'reference'; faults: string[] } | { kind: 'url'; url?: string; profile?: string; receiverHost?: string };

export interface ReachOptions {
  timeoutMs: number;
  /** What a profile file's `${ENV}` values read. */
  env?: NodeJS.ProcessEnv;
  allowOrigins?: readonly string[];
  startReference?: StartReference;
}

/**
 * Starts or reaches what the run names: `--target` with `--profile`, `--target` alone (the profile it serves,
 * discovered through the control protocol), `--profile` alone, or the embedded reference on a loopback port.
 */
export async function reachTarget(target: LiveTarget, options: ReachOptions): Promise<ReachedTarget> {
  const { env = process.env, allowOrigins = [] } = options;
  const reached = (profile: Profile, close = async () => {}) => ({ profile, origins: OriginPolicy.forProfile(profile, allowOrigins), close });
  if (target.kind === 'url') {
    const { receiverHost } = target;
    if (!target.profile) return reached(await discoverProfile(target.url!, options.timeoutMs, { allowOrigins, ...(receiverHost ? { receiverHost } : {}) }));
    const read = await readProfileFile(target.profile, env);
    // A control_url without a list of capabilities: the target lists them itself (contract §2, `GET /profile`).
    const asked = read.profile.control_url && !read.gives.includes('capabilities');
    const capabilities = asked ? await servedCapabilities(read.profile, target.profile, options.timeoutMs, allowOrigins) : read.profile.capabilities;
    const profile = { ...read.profile, capabilities };
    const listening = receiverHost ? { ...profile, webhooks: { ...profile.webhooks, receiver_host: receiverHost } } : profile;
    return reached(target.url ? { ...listening, base_url: target.url } : listening);
  }
  if (!options.startReference) throw new Error('a run against the embedded reference needs startReference (bin/ hands it over)');
  const reference = await options.startReference(target.faults);
  return reached(validateProfile(reference.profile, 'embedded reference profile'), () => reference.close());
}

/**
 * `run --record`: the target reached through a recording proxy at `proxy`, its addresses on the target's origin
 * moved there; the run may send to the proxy besides where it could before.
 */
export function throughProxy(target: ReachedTarget, proxy: string): { profile: Profile; origins: OriginPolicy } {
  const origin = new URL(target.profile.base_url).origin;
  return { profile: moved(target.profile, origin, proxy), origins: target.origins.with(proxy) };
}

/**
 * `run --cassette`: the recorded run's profile (checked as any profile: `where` names the cassette), served by a
 * replay server at `server`. The one place an offline repeat is kept offline: whatever the recorded profile, its
 * links or the content host name, requests go to the replay server alone.
 */
export function servedOffline(recordedProfile: unknown, where: string, server: string): { profile: Profile; recorded: Profile; origins: OriginPolicy } {
  const recorded = validateProfile(recordedProfile, where);
  const origin = new URL(recorded.base_url).origin;
  return { profile: moved(recorded, origin, server), recorded, origins: OriginPolicy.offline(server, recorded) };
}

/** The profile's addresses that share origin `from`, moved to `to` (a recorder or a replay server). */
function moved(profile: Profile, from: string, to: string): Profile {
  const move = (url: string | undefined) => (url && new URL(url).origin === from ? to + url.slice(from.length) : url);
  return {
    ...profile,
    base_url: move(profile.base_url)!,
    auth_url: move(profile.auth_url)!,
    imgnet_base_url: move(profile.imgnet_base_url)!,
    control_url: move(profile.control_url),
  };
}
