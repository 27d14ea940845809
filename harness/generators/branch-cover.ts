import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Profile } from '../profile/profile.js';
import type { GeneratorSpec } from '../suite/step.js';
import { evaluate, type Scope } from '../suite/template.js';
import { arbitraryFromSpec } from './arbitrary-from-spec.js';
import { FEW_INTEGERS } from './choice-sizes.js';
import { flattenValues } from './except-values.js';
import { nearMissChoices } from './near-miss-uri.js';
import { placementChoices } from './placement.js';
import { usableTokenKinds } from './token-kinds.js';

/**
 * A generated choice among few values that may decide which sentence a run judges (Include Values on or off, a
 * filter, a token kind, where parameters travel, which alternative of a `oneof`, a count among a few): each of its
 * values, or kinds of value, as an arbitrary that draws it.
 */
export interface Branch {
  name: string;
  choices: fc.Arbitrary<unknown>[];
}

/** The top-level `given:` entries that are such choices: `boolean`, `enum`, `tokens`, `oneof`, `placement`, a narrow `integer`, ... */
export function branchesOf(given: Record<string, GeneratorSpec>, scope: Scope): Branch[] {
  return Object.entries(given).flatMap(([name, spec]) => {
    const choices = choicesOf(spec, scope);
    return choices && choices.length > 1 ? [{ name, choices }] : [];
  });
}


function choicesOf(spec: GeneratorSpec, scope: Scope): fc.Arbitrary<unknown>[] | undefined {
  if ('boolean' in spec) return [fc.constant(true), fc.constant(false)];
  if ('integer' in spec) {
    const [min, max] = [Number(evaluate(spec.integer.min, scope)), Number(evaluate(spec.integer.max, scope))];
    return max - min + 1 <= FEW_INTEGERS ? constants(Array.from({ length: max - min + 1 }, (_, i) => min + i)) : undefined;
  }
  if ('enum' in spec) return constants(listOf(evaluate(spec.enum, scope)));
  if ('tokens' in spec) return constants(usableTokenKinds(spec.tokens, scope.profile as Profile));
  if ('except' in spec && 'enum' in spec.except.of) {
    const excluded = flattenValues(evaluate(spec.except.values, scope));
    return constants(listOf(evaluate(spec.except.of.enum, scope)).filter((v) => !excluded.some((x) => isDeepStrictEqual(x, v))));
  }
  if ('oneof' in spec) return distinct(spec.oneof.map((s) => ('constant' in s ? { constant: evaluate(s.constant, scope) } : s)), scope);
  if ('placement' in spec) return placementChoices(spec.placement);
  if ('near_miss_uri' in spec) return nearMissChoices(listOf(evaluate(spec.near_miss_uri.of, scope)).map(String), spec.near_miss_uri.kinds);
  return undefined;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function constants(values: unknown[]): fc.Arbitrary<unknown>[] {
  const kept = values.filter((v, i) => values.findIndex((w) => isDeepStrictEqual(v, w)) === i);
  return kept.map((v) => fc.constant(v));
}

/** A `oneof`'s alternatives, the same constant written twice (a weight) counted once. */
function distinct(specs: GeneratorSpec[], scope: Scope): fc.Arbitrary<unknown>[] {
  const kept = specs.filter((s, i) => specs.findIndex((t) => isDeepStrictEqual(s, t)) === i);
  return kept.map((s) => arbitraryFromSpec(s, scope));
}

/** Runs that let every value of each choice be drawn once: as many as its largest choice has. */
export function coverageRuns(branches: Branch[]): number {
  return Math.max(0, ...branches.map((b) => b.choices.length));
}

/**
 * The first runs of a rule, drawn from its seed: every combination of its choices where they fit in `runs`, else
 * every value of each choice (the largest choice's count of runs), each choice's values in an order the seed
 * shuffles; the other generated values drawn as usual. fast-check runs them first (`examples`) and draws at random
 * after, so the same seed gives the same runs and a replay line reproduces a failing one.
 */
export function branchExamples(
  arbitrary: fc.Arbitrary<Record<string, unknown>>,
  branches: Branch[],
  seed: number,
  runs: number,
): Record<string, unknown>[] {
  if (branches.length === 0 || runs <= 0) return [];
  const orders = branches.map((b, i) => shuffled(b.choices.length, mix(seed, i + 1)));
  const product = branches.reduce((n, b) => n * b.choices.length, 1);
  const rows = product <= runs ? combinations(orders) : Array.from({ length: Math.min(runs, coverageRuns(branches)) }, (_, j) => orders.map((o) => o[j % o.length]!));
  const rest = fc.sample(arbitrary, { seed: mix(seed, 0), numRuns: rows.length });
  return rows.map((row, j) => {
    const drawn = { ...rest[j]! };
    branches.forEach((b, i) => {
      drawn[b.name] = fc.sample(b.choices[row[i]!]!, { seed: mix(seed, 1000 * (j + 1) + i), numRuns: 1 })[0];
    });
    return drawn;
  });
}

function shuffled(count: number, seed: number): number[] {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return fc.sample(fc.shuffledSubarray(indexes, { minLength: count, maxLength: count }), { seed, numRuns: 1 })[0]!;
}

function combinations(orders: number[][]): number[][] {
  return orders.reduce<number[][]>((rows, order) => rows.flatMap((row) => order.map((i) => [...row, i])), [[]]);
}

/** A seed of its own for each part drawn, derived from the rule's. */
function mix(seed: number, part: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(part, 0xc2b2ae35)) | 0;
}
