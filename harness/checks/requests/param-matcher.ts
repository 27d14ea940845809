import { isRecord } from '../check.js';
import { type Matcher, MATCHER_KEYS, mismatches } from '../matchers.js';
import { paramValue, structured } from './param-value.js';

/**
 * Keys a `match.params` matcher may use beyond the check matchers (`exists`, `one_of`, `gte`, ...):
 * - `not`: the value does not match this matcher (`not: { one_of: [user, page] }`);
 * - `in_any_case`: a string equal, ignoring letter case, to one of these;
 * - `some`: the value is a list (sent as JSON or bracket keys) with an item whose fields match these matchers;
 * - `length`: the value is a list whose number of items matches this matcher (`length: { gte: 11 }`);
 * - `any_item`: the value is a list with an item that matches this matcher (`any_item: { matches: "[^0-9]" }`).
 * `type: object` and `type: array` read a JSON text or bracket keys as the data they carry.
 */
export const PASSIVE_MATCHER_KEYS = [...MATCHER_KEYS, 'not', 'in_any_case', 'some', 'length', 'any_item'];

/** Whether a request parameter's value matches what a passive rule expects of it. */
export function paramMatches(value: unknown, expected: unknown): boolean {
  if (!isMatcherObject(expected)) return value !== undefined && String(value) === String(expected);
  const { not, in_any_case: anyCase, some, length, any_item: anyItem, ...plain } = expected;
  if (not !== undefined && paramMatches(value, not)) return false;
  if (length !== undefined && !lengthMatches(value, length)) return false;
  if (anyItem !== undefined && !anyItemMatches(value, anyItem)) return false;
  if (anyCase !== undefined && !equalsIgnoringCase(value, anyCase)) return false;
  if (some !== undefined && !someItemMatches(value, some)) return false;
  return Object.keys(plain).length === 0 || plainMatches(value, plain as Matcher);
}

function isMatcherObject(value: unknown): value is Record<string, unknown> {
  const keys = isRecord(value) ? Object.keys(value) : [];
  return keys.length > 0 && keys.every((k) => PASSIVE_MATCHER_KEYS.includes(k));
}

/** Form values are text: a numeric string also matches as the number it spells (`limit=150` against `gte: 101`). */
function plainMatches(value: unknown, matcher: Matcher): boolean {
  if (matcher.type === 'object' || matcher.type === 'array') return mismatches(structured(value), matcher).length === 0;
  if (mismatches(value, matcher).length === 0) return true;
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && mismatches(Number(value), matcher).length === 0;
}

/** JSON bodies carry `true` and `18` where forms carry "true" and "18"; both compare as their text. */
function equalsIgnoringCase(value: unknown, list: unknown): boolean {
  const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  if (!scalar || !Array.isArray(list)) return false;
  const text = String(value).toLowerCase();
  return list.some((candidate) => String(candidate).toLowerCase() === text);
}

function someItemMatches(value: unknown, fields: unknown): boolean {
  const list = structured(value);
  if (!Array.isArray(list) || !isRecord(fields)) return false;
  const wanted = Object.entries(fields);
  const matches = (item: unknown) =>
    isRecord(item) && wanted.every(([name, want]) => paramMatches(paramValue(item, name), want));
  return list.some(matches);
}

function lengthMatches(value: unknown, expected: unknown): boolean {
  const list = structured(value);
  return Array.isArray(list) && paramMatches(list.length, expected);
}

function anyItemMatches(value: unknown, expected: unknown): boolean {
  const list = structured(value);
  return Array.isArray(list) && list.some((item) => item !== undefined && paramMatches(item, expected));
}
