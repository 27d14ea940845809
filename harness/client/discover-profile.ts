import { send } from './send.js';
import { CannotJudgeError, UserInputError } from '../errors.js';
import { validateProfile } from '../profile/load-profile.js';
import type { Profile } from '../profile/profile.js';

/** `--target URL` alone: reads the profile from `URL/_control/profile` (contract §1). */
export async function discoverProfile(targetUrl: string, timeoutMs: number): Promise<Profile> {
  let base: URL;
  try {
    base = new URL(targetUrl);
  } catch {
    throw new UserInputError('USAGE', `--target ${targetUrl}: not a URL; give e.g. http://127.0.0.1:8080`);
  }
  const url = `${base.toString().replace(/\/+$/, '')}/_control/profile`;
  const { exchange, json } = await send({ kind: 'control', method: 'GET', url, headers: {}, timeoutMs });
  const status = exchange.response?.status ?? 0;
  if (status !== 200 || json === undefined || typeof json !== 'object') {
    throw new CannotJudgeError(
      'SETUP_FAILED',
      `${url} answered HTTP ${status}${json === undefined ? ' without JSON' : ''}; ` +
        'the target serves no control protocol: pass --profile FILE',
    );
  }
  return validateProfile(json, url);
}
