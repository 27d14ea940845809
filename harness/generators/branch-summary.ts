import { isDeepStrictEqual } from 'node:util';
import type { GeneratorSpec } from '../suite/step.js';
import { FEW_INTEGERS, NEAR_MISS_KINDS } from './choice-sizes.js';

/** A choice of a rule's `given:` as `graphcheck list --verbose` names it, read from the suite alone (no profile). */
interface ChoiceWords {
  name: string;
  /** What it takes, in words (`true, false`; `each of {{versions.usable}}`). */
  values: string;
  /** How many values, where the suite alone says (a profile list or the profile's tokens may make it fewer). */
  count?: number;
}

/**
 * The sentence `graphcheck list --verbose` shows for a rule with choices: which values every seed tries before
 * drawing at random (`generators/branch-cover.ts`), and in how many of the rule's runs. Undefined without choices.
 */
export function describeBranches(given: Record<string, GeneratorSpec> | undefined, runs: number): string | undefined {
  const choices = Object.entries(given ?? {}).flatMap(([name, spec]) => {
    const words = wordsOf(name, spec);
    return words && (words.count === undefined || words.count > 1) ? [words] : [];
  });
  if (choices.length === 0) return undefined;
  const counts = choices.map((c) => c.count);
  const known = counts.every((n) => n !== undefined);
  const largest = Math.max(0, ...counts.map((n) => n ?? 0));
  const total = Math.max(runs, largest);
  const product = counts.reduce<number>((p, n) => p * (n ?? Infinity), 1);
  const what = choices.map((c) => `${c.name} (${c.values})`).join(' × ');
  if (known && product <= total) {
    const all = choices.length > 1 ? 'every combination of' : 'every value of';
    return `every seed tries ${all} ${what} in its first ${product} of ${total} runs`;
  }
  return `every seed tries every value of ${what}${known ? ` in its first ${largest} of ${total} runs` : ' first'}`;
}

function wordsOf(name: string, spec: GeneratorSpec): ChoiceWords | undefined {
  if ('boolean' in spec) return { name, values: 'true, false', count: 2 };
  if ('integer' in spec) {
    const { min, max } = spec.integer;
    if (typeof min !== 'number' || typeof max !== 'number' || max - min + 1 > FEW_INTEGERS) return undefined;
    return { name, values: `${min} to ${max}`, count: max - min + 1 };
  }
  if ('enum' in spec) return listed(name, spec.enum);
  if ('tokens' in spec) return { name, values: `each the profile has of ${spec.tokens.join(', ')}` };
  if ('except' in spec && 'enum' in spec.except.of) {
    const { values } = spec.except;
    const all = spec.except.of.enum;
    if (!Array.isArray(all) || !Array.isArray(values) || values.some((v) => typeof v === 'string' && v.includes('{{'))) return { name, values: 'each value left' };
    return listed(name, all.filter((v) => !values.some((x) => isDeepStrictEqual(x, v))));
  }
  if ('oneof' in spec) {
    const count = spec.oneof.filter((s, i) => spec.oneof.findIndex((t) => isDeepStrictEqual(s, t)) === i).length;
    return { name, values: `${count} alternatives`, count };
  }
  if ('placement' in spec) {
    const ways = ['query', ...(spec.placement.bodies?.length ? spec.placement.bodies : ['form', 'multipart']), ...(spec.placement.split?.length ? ['split'] : [])];
    return { name, values: ways.join(', '), count: ways.length };
  }
  if ('near_miss_uri' in spec) {
    const kinds = spec.near_miss_uri.kinds ?? NEAR_MISS_KINDS.slice(0, 4);
    return { name, values: `each near miss that applies of ${kinds.join(', ')}` };
  }
  return undefined;
}

function listed(name: string, values: unknown[] | string): ChoiceWords {
  if (!Array.isArray(values)) return { name, values: `each of ${values}` };
  const distinct = values.filter((v, i) => values.findIndex((w) => isDeepStrictEqual(v, w)) === i);
  const shown = distinct.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const short = shown.every((s) => s.length <= 24) && shown.length <= 8;
  return { name, values: short ? shown.join(', ') : `${distinct.length} values`, count: distinct.length };
}
