import type { Condition, ModelItem } from '../suite/sequence-spec.js';

/**
 * The matchers a `where:` may use on a field instead of a plain value (which the field must equal). A field the item
 * lacks is `undefined`: it equals nothing but `null`, and `exists: false` matches it.
 */
export const MATCHERS = ['not', 'one_of', 'lt', 'lte', 'gt', 'gte', 'exists', 'includes', 'empty'] as const;

type Matcher = Partial<Record<(typeof MATCHERS)[number], unknown>>;

/** Whether an item matches every field of an (already evaluated) condition. */
export function matches(item: ModelItem, where: Condition | undefined): boolean {
  return Object.entries(where ?? {}).every(([field, wanted]) => fieldMatches(item[field], wanted));
}

function fieldMatches(value: unknown, wanted: unknown): boolean {
  if (!isMatcher(wanted)) return same(value, wanted);
  return Object.entries(wanted).every(([name, arg]) => matcher(name, value, arg));
}

/** An object whose keys are all matcher names (a plain object value would name other keys). */
export function isMatcher(wanted: unknown): wanted is Matcher {
  if (!wanted || typeof wanted !== 'object' || Array.isArray(wanted)) return false;
  const keys = Object.keys(wanted);
  return keys.length > 0 && keys.every((key) => (MATCHERS as readonly string[]).includes(key));
}

function matcher(name: string, value: unknown, arg: unknown): boolean {
  switch (name) {
    case 'not':
      return !fieldMatches(value, arg);
    case 'one_of':
      return Array.isArray(arg) && arg.some((a) => same(value, a));
    case 'lt':
      return typeof value === 'number' && value < Number(arg);
    case 'lte':
      return typeof value === 'number' && value <= Number(arg);
    case 'gt':
      return typeof value === 'number' && value > Number(arg);
    case 'gte':
      return typeof value === 'number' && value >= Number(arg);
    case 'exists':
      return (value !== undefined && value !== null) === (arg === true);
    case 'includes':
      return Array.isArray(value) && (Array.isArray(arg) ? arg : [arg]).every((a) => value.some((v) => same(v, a)));
    case 'empty':
      return (Array.isArray(value) && value.length === 0) === (arg === true);
    default:
      return false;
  }
}

/** Values compared as the model keeps them: numbers and their digit strings alike (ids come back either way). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return a === b || (a ?? null) === (b ?? null);
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
    return String(a) === String(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
