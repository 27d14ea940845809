import { UserInputError } from '../harness/errors.js';
import { discoverProfile } from '../harness/profile/discover-profile.js';
import { loadProfileFile, validateProfile } from '../harness/profile/load-profile.js';
import type { Profile } from '../harness/profile/profile.js';
import { FAULTS } from '../reference/faults.js';
import { startReference } from '../reference/index.js';
import { shellWord } from '../harness/shell-word.js';

export interface TargetFlags {
  target?: string;
  profile?: string;
  fault?: string[];
}

export interface ResolvedTarget {
  profile: Profile;
  /** How the report and replay commands name this target. */
  args: string;
  close(): Promise<void>;
}

/**
 * Decides what the run talks to: `--target` with `--profile`, `--target` alone (profile discovered through the
 * control protocol), or nothing (the embedded reference on a loopback port, optionally with fault switches).
 */
export async function resolveTarget(flags: TargetFlags, timeoutMs: number): Promise<ResolvedTarget> {
  const faults = flags.fault ?? [];
  if (flags.target && faults.length) {
    throw new UserInputError('USAGE', '--fault only applies to the embedded reference; drop --target or --fault');
  }
  if (flags.profile) {
    const profile = await loadProfileFile(flags.profile);
    const withTarget = flags.target ? { ...profile, base_url: flags.target } : profile;
    const args = ` --profile ${shellWord(flags.profile)}${flags.target ? ` --target ${shellWord(flags.target)}` : ''}`;
    return { profile: withTarget, args, close: async () => {} };
  }
  if (flags.target) {
    return { profile: await discoverProfile(flags.target, timeoutMs), args: ` --target ${shellWord(flags.target)}`, close: async () => {} };
  }
  const unknown = faults.filter((f) => !(f in FAULTS));
  if (unknown.length) {
    throw new UserInputError('USAGE', `--fault ${unknown.join(',')}: unknown fault; see graphcheck serve-reference --list-faults`);
  }
  const reference = await startReference({ faults });
  const profile = validateProfile(reference.profile, 'embedded reference profile');
  return {
    profile,
    args: faults.length ? ` --fault ${faults.join(',')}` : '',
    close: () => reference.close(),
  };
}
