import { withoutUserinfo } from '../harness/http/without-userinfo.js';
import { UserInputError } from '../harness/errors.js';
import { hideUserinfo } from '../harness/redaction/url-userinfo.js';

/** Parses a whole-number flag, or throws a one-line usage error naming the flag. */
export function wholeNumberFlag(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UserInputError('USAGE', `${flag} ${value}: expected a whole number from ${min} to ${max}`);
  }
  return n;
}

/** `--fault a,b --fault c` -> [a, b, c]. */
export function listFlag(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/**
 * Parses `--target` (as a commander option parser): a base URL the one HTTP client can reach, so http or https.
 * Any other scheme is the user's to fix, before a request is tried. Userinfo (`user:pass@`) is dropped here: the
 * client never sends it, and nothing after this point can print it.
 */
export function targetUrlFlag(value: string): string {
  if (!isHttpUrl(value)) {
    throw new UserInputError('USAGE', `--target ${hideUserinfo(value)}: not an http(s) URL; give the target's base URL, e.g. http://127.0.0.1:8080`);
  }
  return withoutUserinfo(value);
}

/** `--allow-origin URL`: the URL's origin (`scheme://host:port`), where the run may send requests and tokens too. */
export function allowOriginFlag(value: string): string {
  if (!isHttpUrl(value)) {
    throw new UserInputError('USAGE', `--allow-origin ${hideUserinfo(value)}: not an http(s) URL; give an origin such as https://cdn.example:8443`);
  }
  return new URL(value).origin;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
