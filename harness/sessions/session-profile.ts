import { CannotJudgeError } from '../errors.js';
import { type OriginPolicy, PROFILE_URL_KEYS } from '../client/origin-policy.js';
import { validateProfile } from '../profile/load-profile.js';
import type { Profile } from '../profile/profile.js';

/**
 * A session's profile as `POST /sessions` answered it, checked before anything is sent with it: a complete profile
 * (contract §1) whose every address is on an origin the run was given (the target's own, `--allow-origin`): tokens
 * go nowhere else, whatever a target answers. It must name a control URL (the session's reset, clock and app go
 * there). Its capabilities are what it lists, else the target's; never `sessions` (a session opens none). The
 * receiver's host stays the run's: the session's deliveries reach the run's one receiver.
 */
export function sessionProfile(raw: unknown, id: string, target: Profile, origins: OriginPolicy): Profile {
  let profile: Profile;
  try {
    profile = validateProfile(raw, `the profile of session ${JSON.stringify(id)}`);
  } catch (error) {
    throw new CannotJudgeError('CONTROL_FAILED', `POST /sessions answered a profile that is not valid (contract §2.1): ${(error as Error).message}`);
  }
  for (const key of PROFILE_URL_KEYS) {
    const url = profile[key];
    if (url !== undefined && !origins.allows(url)) {
      const origin = URL.canParse(url) ? new URL(url).origin : url;
      throw new CannotJudgeError('CONTROL_FAILED', `session ${JSON.stringify(id)} names ${key} on ${origin}, not an origin this run was given; graphcheck sends it nothing (--allow-origin ${origin} would let it)`);
    }
  }
  if (!profile.control_url) throw new CannotJudgeError('CONTROL_FAILED', `session ${JSON.stringify(id)} names no control_url (contract §2.1)`);
  const listed = typeof raw === 'object' && raw !== null && 'capabilities' in raw;
  const capabilities = (listed ? profile.capabilities : target.capabilities).filter((c) => c !== 'sessions');
  return { ...profile, capabilities, webhooks: { ...profile.webhooks, receiver_host: target.webhooks.receiver_host } };
}
