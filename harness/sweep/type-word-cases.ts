import type { ValueType } from './param-type.js';
import type { CaseDraft, SweepKind } from './case-draft.js';
import type { SweptParam } from './swept-params.js';
import { REMOVED } from './value-path.js';

/**
 * The cases a type word itself gives, beside the bounds and listed values its notes give (issue 30): `unsigned`
 * rules out a negative, `int32` and `int64` everything past their limits, `Boolean` anything that is no Boolean
 * spelling (R55: `true` and `false` accepted; `1`, `0`, `True`, `yes`, `on` never asserted), `URL` and `URI` words,
 * a relative path and (for a URL the service fetches from the web) another scheme, `list of X` a bare X where X is an
 * object, an item of another type and more or fewer items than stated, and `string` inside a JSON object an object.
 * Only what the word clearly rules out is refused: a form sends text, so `"12"` stays an integer there, and inside a
 * JSON object a digit string is left open (R52).
 */
export function typeWordCases(kind: SweepKind, p: SweptParam): CaseDraft[] {
  const never = new Set((p.override?.never ?? []).map((v) => JSON.stringify(v)));
  const keep = (c: CaseDraft) => !never.has(JSON.stringify(p.type.kind === 'list' && Array.isArray(c.value) ? c.value[0] : c.value));
  switch (kind) {
    case 'bounds':
      return [...limitCases(p), ...lengthCases(p)].filter(keep);
    case 'listed':
      return booleanValues(p).filter(keep);
    case 'types':
      return [...booleanMisses(p), ...numberMisses(p), ...urlMisses(p), ...listMisses(p), ...textMisses(p)].filter(keep);
    default:
      return [];
  }
}

const quoteOf = (p: SweptParam) => `\`${String(p.path.at(-1))}\` ${p.words}`.trim();
const itemOf = (type: ValueType) => (type.kind === 'list' ? type.of : type);
const inJson = (p: SweptParam) => p.path.length > 1;
const OBJECT = { graphcheck: true };

function draft(p: SweptParam, shown: string, value: unknown, outcome: CaseDraft['outcome'], what: string, readings?: string[]): CaseDraft {
  const wrapped = p.type.kind === 'list' && outcome !== 'accepted' && !Array.isArray(value) ? [value] : value;
  const name = `${p.name}=${p.type.kind === 'list' ? `[${shown}]` : shown}`;
  return { name, value: wrapped, outcome, why: `${quoteOf(p)}: ${what}`, ...(readings ? { readings } : {}) };
}

/** Past the limits of the integer the type word names: unsigned below 0, int32 beyond 2^31, int64 below -2^63. */
function limitCases(p: SweptParam): CaseDraft[] {
  const item = itemOf(p.type);
  const int = item.kind === 'int' ? item : item.kind === 'enum' && item.of?.kind === 'int' ? item.of : undefined;
  if (!int) return [];
  const { min } = p.constraints;
  const out: CaseDraft[] = [];
  if (int.unsigned && (min === undefined || min > -1)) out.push(draft(p, '-1', -1, 'invalid', 'unsigned, so never below 0'));
  if (int.bits === 32 && int.unsigned) out.push(draft(p, '2^32', 4294967296, 'invalid', '2^32 is beyond an unsigned int32'));
  if (int.bits === 32 && !int.unsigned) {
    out.push(draft(p, '2^31', 2147483648, 'invalid', '2^31 is beyond int32'));
    if (min === undefined) out.push(draft(p, '-2^31-1', -2147483649, 'invalid', '-2^31-1 is beyond int32'));
  }
  if (int.bits === 64 && !int.unsigned && min === undefined) {
    // Inside JSON a number is read as a double, which cannot hold -2^63-1: the next one below -2^63 is sent there.
    out.push(inJson(p)
      ? draft(p, '-2^63-2048', -9223372036854777856, 'invalid', 'below -2^63 is beyond int64')
      : draft(p, '-2^63-1', '-9223372036854775809', 'invalid', '-2^63-1 is beyond int64'));
  }
  return out;
}

/** A list's stated least and most items: each accepted, one past each refused. */
function lengthCases(p: SweptParam): CaseDraft[] {
  const { minItems, maxItems } = p.constraints;
  if (p.type.kind !== 'list' || !Array.isArray(p.valid) || p.valid.length === 0) return [];
  const items = p.valid as unknown[];
  const of = (n: number) => Array.from({ length: n }, (_, i) => items[i % items.length]);
  const out: CaseDraft[] = [];
  const add = (n: number, outcome: CaseDraft['outcome'], what: string) => {
    if (n < 0 || (outcome === 'accepted' && n === items.length)) return;
    out.push({ name: `${p.name} with ${n} item${n === 1 ? '' : 's'}`, value: of(n), outcome, why: `${quoteOf(p)}: ${what}` });
  };
  if (minItems !== undefined) add(minItems, 'accepted', 'the fewest items stated');
  if (maxItems !== undefined) add(maxItems, 'accepted', 'the most items stated');
  if (minItems !== undefined) add(minItems - 1, 'invalid', 'one item fewer than the fewest stated');
  if (maxItems !== undefined) add(maxItems + 1, 'invalid', 'one item more than the most stated');
  return out;
}

/** R55: `true` and `false` are accepted, as JSON Booleans inside an object and as text in a form. */
function booleanValues(p: SweptParam): CaseDraft[] {
  if (p.type.kind !== 'boolean' || p.override?.no_acceptance) return [];
  return [true, false].map((v) => draft(p, String(v), v, 'accepted', 'a Boolean takes `true` and `false` (R55)', ['R55']));
}

/** R55: a value that is no Boolean spelling at all (`maybe` is the types sweep's own). */
function booleanMisses(p: SweptParam): CaseDraft[] {
  if (itemOf(p.type).kind !== 'boolean') return [];
  return [
    draft(p, '2', 2, 'invalid', 'a number that is no Boolean spelling (R55)', ['R55']),
    draft(p, JSON.stringify(OBJECT), OBJECT, 'invalid', 'an object where a Boolean is stated (R55)', ['R55']),
  ];
}

/** An enum of numbers (`13, 15, 18, 21, 25`) takes none of a word or a fraction between its values. */
function numberMisses(p: SweptParam): CaseDraft[] {
  const item = itemOf(p.type);
  if (item.kind !== 'enum' || !item.values.every((v) => typeof v === 'number')) return [];
  const between = (item.values[0] as number) + 0.5;
  return [
    draft(p, 'many', 'many', 'invalid', 'a word where numbers are listed'),
    draft(p, String(between), between, 'invalid', 'a fraction where whole numbers are listed'),
  ];
}

/** Words, and a relative path, are no URL; a URL the service fetches from the web is http or https. */
function urlMisses(p: SweptParam): CaseDraft[] {
  if (itemOf(p.type).kind !== 'url') return [];
  const out = [
    draft(p, 'not a url', 'not a url', 'invalid', 'words, not a URL'),
    draft(p, '/graphcheck/relative.png', '/graphcheck/relative.png', 'invalid', 'a relative path, not a URL'),
  ];
  if (p.override?.web_only) out.push(draft(p, 'file:///graphcheck.png', 'file:///graphcheck.png', 'invalid', 'a file on the service\'s own disk, not on the web'));
  return out;
}

/** `list of X`: a bare object where a list of objects is stated; an item that is a fraction or, in JSON, an object. */
function listMisses(p: SweptParam): CaseDraft[] {
  if (p.type.kind !== 'list') return [];
  const item = p.type.of;
  const first = Array.isArray(p.valid) ? p.valid[0] : undefined;
  const out: CaseDraft[] = [];
  if ((item.kind === 'object' || item.kind === 'list') && first !== undefined && first !== REMOVED) {
    out.push({ name: `${p.name}=one item, not a list`, value: first, outcome: 'invalid', why: `${quoteOf(p)}: a bare item where only a list is stated` });
  }
  if (item.kind === 'int' || (item.kind === 'enum' && item.of?.kind === 'int')) out.push(draft(p, '1.5', [1.5], 'invalid', 'an item that is a fraction where an integer is stated'));
  if ((item.kind === 'string' || item.kind === 'url') && inJson(p)) out.push(draft(p, JSON.stringify(OBJECT), [OBJECT], 'invalid', 'an item that is an object where a string is stated'));
  if (item.kind === 'list' && (item.of.kind === 'string' || item.of.kind === 'url') && inJson(p)) {
    out.push(draft(p, `[${JSON.stringify(OBJECT)}]`, [[OBJECT]], 'invalid', "an item's item that is an object where a string is stated"));
  }
  return out;
}

/** Inside a JSON object a string is a JSON string: an object is not one (a form sends any value as text). */
function textMisses(p: SweptParam): CaseDraft[] {
  if ((p.type.kind !== 'string' && p.type.kind !== 'url') || !inJson(p)) return [];
  return [draft(p, JSON.stringify(OBJECT), OBJECT, 'invalid', 'an object where a string is stated')];
}
