import { UserInputError } from '../harness/errors.js';

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
 * Any other scheme is the user's to fix, before a request is tried.
 */
export function targetUrlFlag(value: string): string {
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // not a URL at all: reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new UserInputError('USAGE', `--target ${value}: not an http(s) URL; give the target's base URL, e.g. http://127.0.0.1:8080`);
  }
  return value;
}
