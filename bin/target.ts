import { UserInputError } from '../harness/errors.js';
import { discoverProfile } from '../harness/client/discover-profile.js';
import { OriginPolicy } from '../harness/client/origin-policy.js';
import { loadProfileFile, validateProfile } from '../harness/profile/load-profile.js';
import type { Profile } from '../harness/profile/profile.js';
import type { TargetPlan } from '../harness/run/run-plan.js';

export interface ResolvedTarget {
  profile: Profile;
  /** Where the run may send: the profile's origins and those the user allowed. */
  origins: OriginPolicy;
  close(): Promise<void>;
}

/**
 * Starts or reaches what the plan names: `--target` with `--profile`, `--target` alone (profile discovered through
 * the control protocol), or the embedded reference on a loopback port, optionally with fault switches. `env`: what
 * a profile file's `${ENV}` values read.
 */
export async function resolveTarget(
  target: Exclude<TargetPlan, { kind: 'cassette' }>,
  timeoutMs: number,
  options: { env?: NodeJS.ProcessEnv; allowOrigins?: readonly string[] } = {},
): Promise<ResolvedTarget> {
  const { env = process.env, allowOrigins = [] } = options;
  const reached = (profile: Profile) => ({ profile, origins: OriginPolicy.forProfile(profile, allowOrigins), close: async () => {} });
  if (target.kind === 'url') {
    const { receiverHost } = target;
    if (target.profile) {
      const profile = await loadProfileFile(target.profile, env);
      const listening = receiverHost ? { ...profile, webhooks: { ...profile.webhooks, receiver_host: receiverHost } } : profile;
      return reached(target.url ? { ...listening, base_url: target.url } : listening);
    }
    return reached(await discoverProfile(target.url!, timeoutMs, { allowOrigins, ...(receiverHost ? { receiverHost } : {}) }));
  }
  // Loaded only when a run embeds it: commands that never do (check, replay, list, usage errors) start faster.
  const [{ FAULTS }, { startReference }] = await Promise.all([import('../reference/faults.js'), import('../reference/index.js')]);
  const unknown = target.faults.filter((f) => !(f in FAULTS));
  if (unknown.length) {
    throw new UserInputError('USAGE', `--fault ${unknown.join(',')}: unknown fault; see graphcheck serve-reference --list-faults`);
  }
  const reference = await startReference({ faults: target.faults });
  const profile = validateProfile(reference.profile, 'embedded reference profile');
  return { profile, origins: OriginPolicy.forProfile(profile), close: () => reference.close() };
}
