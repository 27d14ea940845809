import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';

/**
 * Values of `base` other than `excluded` (a version that is not one of the profile's, say). A finite `choices`
 * list is filtered up front, so excluding every choice is an error here rather than an endless search.
 */
export function exceptValues(
  base: fc.Arbitrary<unknown>,
  excluded: unknown[],
  choices?: unknown[],
): fc.Arbitrary<unknown> {
  const allowed = (value: unknown) => !excluded.some((banned) => isDeepStrictEqual(banned, value));
  if (!choices) return base.filter(allowed);
  const left = choices.filter(allowed);
  if (left.length === 0) throw new Error('except leaves no value to generate');
  return fc.constantFrom(...left);
}

/** `values` may mix single values and lists (a template such as `{{versions.usable}}` gives a list). */
export function flattenValues(values: unknown): unknown[] {
  return (Array.isArray(values) ? values : [values]).flatMap((v) => (Array.isArray(v) ? v : [v]));
}
