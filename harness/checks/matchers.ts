import { isDeepStrictEqual } from 'node:util';
import { ANY, BOOLEAN, type JsonSchema, NUMBER, object, orTemplate, STRING } from '../validation/json-schema.js';

/**
 * Value matchers shared by `field` and `item`. Truthiness follows reading R17: true, "true" and 1 are true;
 * false, "false", 0, null and absence are false.
 */
export interface Matcher {
  equals?: unknown;
  one_of?: unknown[];
  /** An array holding exactly these values, each as often, in any order (a read-back whose order is not stated). */
  same_members?: unknown[];
  lte?: number;
  gte?: number;
  truthy?: boolean;
  falsy?: boolean;
  exists?: boolean;
  matches?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
}

/** The matcher keys as JSON Schema properties, for the argument schemas of the checks that take a matcher. */
export const MATCHER_PROPERTIES: Record<string, JsonSchema> = {
  equals: ANY,
  one_of: orTemplate({ type: 'array' }),
  same_members: orTemplate({ type: 'array' }),
  lte: NUMBER,
  gte: NUMBER,
  truthy: BOOLEAN,
  falsy: BOOLEAN,
  exists: BOOLEAN,
  matches: STRING,
  type: { enum: ['string', 'number', 'integer', 'boolean', 'object', 'array'] },
};

export const MATCHER_KEYS = Object.keys(MATCHER_PROPERTIES);

/** A matcher alone (`params: { code: { exists: true } }`): at least one of its keys. */
export const MATCHER_SCHEMA: JsonSchema = { ...object(MATCHER_PROPERTIES), minProperties: 1 };

/** `{ <extra keys>, <matcher> }` with at least one matcher key: `field`, `every-item`, `error-or-field`. */
export function withMatcher(extra: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { ...object({ ...extra, ...MATCHER_PROPERTIES }, required), anyOf: MATCHER_KEYS.map((k) => ({ required: [k] })) };
}

export function isTruthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

export function isFalsy(value: unknown): boolean {
  return value === false || value === 'false' || value === 0 || value === '0' || value === null || value === undefined;
}

/** Returns a sentence for each way `value` misses the matcher; empty when it matches. */
export function mismatches(value: unknown, m: Matcher): string[] {
  const problems: string[] = [];
  const shown = JSON.stringify(value);
  if (m.exists === true && value === undefined) problems.push('is missing');
  if (m.exists === false && value !== undefined) problems.push(`is present (${shown})`);
  // The type first: it is the most specific finding ("a number, expected a string"), and a pattern cannot hold
  // for a value that is no string, so that one is not said again.
  const wrongType = m.type !== undefined && value !== undefined && !hasType(value, m.type);
  if (wrongType) problems.push(`is ${shown}, expected a ${m.type}`);
  if ('equals' in m && !isDeepStrictEqual(value, m.equals)) problems.push(`is ${shown}, expected ${JSON.stringify(m.equals)}`);
  if (m.one_of && !m.one_of.some((v) => isDeepStrictEqual(v, value))) {
    problems.push(`is ${shown}, expected one of ${JSON.stringify(m.one_of)}`);
  }
  if (m.same_members && !sameMembers(value, m.same_members)) {
    problems.push(`is ${shown}, expected the members ${JSON.stringify(m.same_members)} in any order`);
  }
  if (m.lte !== undefined && !(typeof value === 'number' && value <= m.lte)) problems.push(`is ${shown}, expected <= ${m.lte}`);
  if (m.gte !== undefined && !(typeof value === 'number' && value >= m.gte)) problems.push(`is ${shown}, expected >= ${m.gte}`);
  if (m.truthy && !isTruthy(value)) problems.push(`is ${shown}, expected true (R17)`);
  if (m.falsy && !isFalsy(value)) problems.push(`is ${shown}, expected false (R17)`);
  if (m.matches !== undefined && !wrongType && !(typeof value === 'string' && new RegExp(m.matches).test(value))) {
    problems.push(`is ${shown}, expected to match /${m.matches}/`);
  }
  if (m.type && value === undefined && !hasType(value, m.type)) problems.push(`is ${shown}, expected a ${m.type}`);
  return problems;
}

function sameMembers(value: unknown, members: unknown[]): boolean {
  if (!Array.isArray(value) || value.length !== members.length) return false;
  const left = [...members];
  return value.every((v) => {
    const i = left.findIndex((m) => isDeepStrictEqual(m, v));
    return i >= 0 && left.splice(i, 1).length === 1;
  });
}

function hasType(value: unknown, type: NonNullable<Matcher['type']>): boolean {
  if (type === 'array') return Array.isArray(value);
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === type;
}

export function describeMatcher(m: Matcher): string {
  return Object.entries(m)
    .filter(([k]) => MATCHER_KEYS.includes(k))
    .map(([k, v]) => `${k.replace('_', ' ')} ${JSON.stringify(v)}`)
    .join(', ');
}
