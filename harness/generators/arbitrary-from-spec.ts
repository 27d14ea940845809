import fc from 'fast-check';
import type { Profile } from '../profile/profile.js';
import type { GeneratorSpec } from '../suite/step.js';
import { evaluate, type Scope } from '../suite/template.js';
import { TemplateError } from '../errors.js';
import { exceptValues, flattenValues } from './except-values.js';
import { nearMissUri } from './near-miss-uri.js';
import { placementArbitrary } from './placement.js';
import { tokenKinds } from './token-kinds.js';

/**
 * Builds a fast-check arbitrary from a suite's `given:` declaration. Constants and enum values may hold
 * templates (`{{host.page}}`), resolved against the rule's scope when the arbitrary is built.
 */
export function arbitraryFromSpec(spec: GeneratorSpec, scope: Scope): fc.Arbitrary<unknown> {
  if ('integer' in spec) {
    return fc.integer({ min: Number(evaluate(spec.integer.min, scope)), max: Number(evaluate(spec.integer.max, scope)) });
  }
  if ('constant' in spec) return fc.constant(evaluate(spec.constant, scope));
  if ('enum' in spec) return fc.constantFrom(...enumValues(spec.enum, scope));
  if ('boolean' in spec) return fc.boolean();
  if ('string' in spec) return stringArbitrary(spec.string);
  if ('array' in spec) {
    const { of, min_length, max_length } = spec.array;
    return fc.array(arbitraryFromSpec(of, scope), { minLength: min_length ?? 0, maxLength: max_length ?? 10 });
  }
  if ('record' in spec) return recordArbitrary(spec.record, scope);
  if ('except' in spec) {
    const { of, values } = spec.except;
    const choices = 'enum' in of ? enumValues(of.enum, scope) : undefined;
    return exceptValues(arbitraryFromSpec(of, scope), flattenValues(evaluate(values, scope)), choices);
  }
  if ('near_miss_uri' in spec) {
    const { of, kinds } = spec.near_miss_uri;
    return nearMissUri(enumValues(of, scope).map(String), kinds);
  }
  if ('tokens' in spec) return tokenKinds(spec.tokens, scope.profile as Profile);
  if ('placement' in spec) return placementArbitrary(spec.placement);
  return fc.oneof(...spec.oneof.map((s) => arbitraryFromSpec(s, scope)));
}

export function recordArbitrary(specs: Record<string, GeneratorSpec>, scope: Scope): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, arbitraryFromSpec(s, scope)]));
  return fc.record(fields) as fc.Arbitrary<Record<string, unknown>>;
}

/** An enum's values: a list (templates inside allowed) or one template giving a list (`{{versions.usable}}`). */
function enumValues(values: unknown, scope: Scope): unknown[] {
  const list = evaluate(values, scope);
  if (!Array.isArray(list) || list.length === 0) throw new TemplateError(`${String(values)} is not a non-empty list`);
  return list;
}

type StringSpec = { min_length?: number; max_length?: number; unit?: string; chars?: string; matching?: string };

function stringArbitrary(spec: StringSpec) {
  if (spec.matching) return fc.stringMatching(new RegExp(spec.matching));
  const lengths = { minLength: spec.min_length ?? 0, maxLength: spec.max_length ?? 20 };
  if (spec.chars) return fc.string({ ...lengths, unit: fc.constantFrom(...[...spec.chars]) });
  const unit = (spec.unit ?? 'grapheme') as 'grapheme' | 'grapheme-ascii' | 'binary' | 'binary-ascii';
  return fc.string({ ...lengths, unit });
}
