import type { ValueType } from './param-type.js';
import type { CaseDraft, CaseOutcome, SweepKind } from './case-draft.js';
import type { SweptParam } from './swept-params.js';
import { typeWordCases } from './type-word-cases.js';
import { REMOVED } from './value-path.js';

/** Beyond int64 (2^63): text as a form sends it, a JSON number inside an object (R52), which no int64 holds. */
const BEYOND_INT64 = '9223372036854775808';

/**
 * The cases of one parameter for one sweep kind (`tokens` and `defaults` come from the operation, not a parameter):
 * its notes' and its type's (`type-word-cases.ts`), the same case once.
 */
export function casesOf(kind: SweepKind, p: SweptParam): CaseDraft[] {
  const drafts = [...statedCases(kind, p), ...typeWordCases(kind, p)];
  return drafts.filter((d, i) => drafts.findIndex((e) => e.name === d.name) === i);
}

function statedCases(kind: SweepKind, p: SweptParam): CaseDraft[] {
  switch (kind) {
    case 'bounds':
      return boundCases(p);
    case 'listed':
      return listedCases(p);
    case 'types':
      return typeCases(p);
    case 'required':
      return p.constraints.required ? [{ name: `${p.name} left out`, value: REMOVED, outcome: 'refused', why: `\`${lastName(p)}\` is required` }] : [];
    default:
      return [];
  }
}

/** A value as a case's name shows it: text as it is, anything else as JSON (2^63 written as such). */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/9223372036854775808|9223372036854776000/, '2^63');
}

function lastName(p: SweptParam): string {
  return String(p.path.at(-1));
}

function quoteOf(p: SweptParam): string {
  return `\`${lastName(p)}\` ${p.words}`.trim();
}

/** An int (or a list of them): each stated bound accepted, one past it refused; unsigned at -1; int64 beyond 2^63. */
function boundCases(p: SweptParam): CaseDraft[] {
  const item = itemType(p.type);
  if (item?.kind !== 'int') return [];
  const wrap = (v: number | string) => (p.type.kind === 'list' ? [v] : v);
  const never = new Set((p.override?.never ?? []).map(String));
  const out: CaseDraft[] = [];
  const add = (v: number | string, outcome: CaseOutcome, why: string) => {
    if (never.has(String(v)) || out.some((c) => JSON.stringify(c.value) === JSON.stringify(wrap(v)))) return;
    out.push({ name: `${p.name}=${shown(wrap(v))}`, value: wrap(v), outcome, why: `${quoteOf(p)}: ${why}` });
  };
  const { min, max } = p.constraints;
  if (min !== undefined) add(min, 'accepted', 'the lower bound');
  if (max !== undefined) add(max, 'accepted', 'the upper bound');
  if (min !== undefined) add(min - 1, 'invalid', 'one below the lower bound');
  if (max !== undefined) add(max + 1, 'invalid', 'one above the upper bound');
  if (item.unsigned && (min === undefined || min > -1)) add(-1, 'invalid', 'unsigned, so never below 0');
  if (item.bits === 64) add(p.path.length === 1 ? BEYOND_INT64 : Number(BEYOND_INT64), 'invalid', '2^63 is beyond int64');
  return out;
}

function itemType(type: ValueType): ValueType | undefined {
  return type.kind === 'list' ? type.of : type;
}

/** Every listed value accepted, and near misses refused: a letter changed in case, a letter short, a neighbour. */
function listedCases(p: SweptParam): CaseDraft[] {
  const item = itemType(p.type);
  const values = item?.kind === 'enum' ? item.values : item?.kind === 'int' ? p.constraints.listed : undefined;
  if (!values?.length) return [];
  const wrap = (v: unknown) => (p.type.kind === 'list' ? [v] : v);
  const out: CaseDraft[] = [];
  const unasserted = p.override?.no_acceptance;
  for (const v of values) {
    if (unasserted === true || unasserted?.map(String).includes(String(v))) continue;
    out.push({ name: `${p.name}=${shown(wrap(v))}`, value: wrap(v), outcome: 'accepted', why: `${quoteOf(p)}: listed` });
  }
  if (p.override?.no_refusals) return out;
  const never = new Set((p.override?.never ?? []).map(String));
  for (const miss of nearMisses(values, p, item?.kind === 'int' && item.unsigned === true)) {
    if (never.has(String(miss.value))) continue;
    out.push({ name: `${p.name}=${shown(wrap(miss.value))}`, value: wrap(miss.value), outcome: 'invalid', why: `${quoteOf(p)}: ${miss.why}` });
  }
  return out;
}

function nearMisses(values: (string | number)[], p: SweptParam, unsigned: boolean): { value: string | number; why: string }[] {
  if (values.every((v) => typeof v === 'number')) {
    const numbers = values as number[];
    const misses = [...new Set(numbers.flatMap((v) => [v - 1, v + 1]))].filter((v) => !numbers.includes(v) && (!unsigned || v >= 0));
    return misses.sort((a, b) => a - b).map((value) => ({ value, why: 'a neighbour of a listed value' }));
  }
  const first = String(values[0]);
  const lower = values.map((v) => String(v).toLowerCase());
  const out: { value: string; why: string }[] = [];
  const flipped = flipCase(first);
  if (!p.override?.case_insensitive && flipped !== first) out.push({ value: flipped, why: `\`${first}\` in the other letter case` });
  const short = first.slice(0, -1);
  if (short !== '' && !lower.includes(short.toLowerCase())) out.push({ value: short, why: `\`${first}\` a letter short` });
  return out;
}

/** `uploaded` -> `UPLOADED`, `HIGH` -> `high`, `Named` -> `NAMED`. */
function flipCase(text: string): string {
  return text === text.toUpperCase() ? text.toLowerCase() : text.toUpperCase();
}

/** A value of another type than the stated one: never text a lenient reading of the type could take. */
function typeCases(p: SweptParam): CaseDraft[] {
  const wrong = wrongValues(p.type);
  return wrong.map(({ value, what }) => ({
    name: `${p.name}=${shown(value)}`,
    value,
    outcome: 'invalid',
    why: `${quoteOf(p)}: ${what}`,
  }));
}

function wrongValues(type: ValueType): { value: unknown; what: string }[] {
  switch (type.kind) {
    case 'boolean':
      return [{ value: 'maybe', what: 'a word where a Boolean is stated' }];
    case 'int':
      return [
        { value: 'many', what: 'a word where an integer is stated' },
        { value: 1.5, what: 'a fraction where an integer is stated' },
      ];
    case 'float':
      return [{ value: 'wide', what: 'a word where a number is stated' }];
    case 'numeric':
      return [{ value: 'abc', what: 'letters where a numeric id is stated' }];
    case 'datetime':
      return [{ value: 'not a time', what: 'words where a time is stated' }];
    case 'object':
      return [{ value: [1, 2], what: 'a list where an object is stated' }];
    case 'list': {
      const item = wrongValues(type.of)[0];
      return item ? [{ value: [item.value], what: `an item of another type: ${item.what}` }] : [];
    }
    default:
      return [];
  }
}
