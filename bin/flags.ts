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
