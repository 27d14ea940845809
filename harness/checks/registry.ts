import type { Check } from './check.js';
import { eachItemOnce } from './each-item-once.js';
import { error } from './error.js';
import { field } from './field.js';
import { item } from './item.js';
import { itemsHave } from './items-have.js';
import { ok } from './ok.js';
import { pageSizeWithinLimit } from './page-size-within-limit.js';
import { schema } from './schema.js';
import { exactlyOneOk, firstOkThenErrors } from './sequence.js';

/** Every check a suite can name, looked up by name in this one map. */
const ALL: Check[] = [
  ok,
  error,
  schema,
  field,
  item,
  itemsHave,
  eachItemOnce,
  exactlyOneOk,
  firstOkThenErrors,
  pageSizeWithinLimit,
];

export const CHECKS: ReadonlyMap<string, Check> = new Map(ALL.map((c) => [c.name, c]));

/** Splits an expectation (`ok` or `{ error: {...} }`) into the check and its arguments. */
export function resolveExpectation(expectation: string | Record<string, unknown>): { check?: Check; name: string; args: unknown } {
  if (typeof expectation === 'string') return { check: CHECKS.get(expectation), name: expectation, args: undefined };
  const [name, args] = Object.entries(expectation)[0] ?? ['', undefined];
  return { check: CHECKS.get(name), name, args };
}
