import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchema } from './json-schema.js';
import { describeSchemaError, schemaRegistry } from './schema-registry.js';

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * Validates a value against a declared schema (a check's arguments, a step kind's body) with the one ajv
 * instance; compiled once per schema object. Undefined is validated as null, so "no arguments" can be declared.
 */
export function schemaProblem(schema: JsonSchema, value: unknown): { path: string; message: string } | undefined {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = schemaRegistry().compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value === undefined ? null : value)) return undefined;
  return describeErrors(validate.errors ?? []);
}

/** The one sentence to show for a failed validation: the error a person can act on first. */
export function describeErrors(errors: ErrorObject[]): { path: string; message: string } {
  return oneOfKeysMissing(errors) ?? describeSchemaError(mostTelling(errors));
}

/** `anyOf: [{required: [a]}, {required: [b]}]` ("at least one of these keys") fails as one sentence. */
function oneOfKeysMissing(errors: ErrorObject[]): { path: string; message: string } | undefined {
  const alternatives = errors.filter((e) => e.keyword === 'required' && e.schemaPath.includes('/anyOf/'));
  if (alternatives.length < 2 || errors.some((e) => e.keyword === 'additionalProperties')) return undefined;
  const keys = alternatives.map((e) => (e.params as { missingProperty: string }).missingProperty);
  return { path: alternatives[0]!.instancePath || '/', message: `needs one of ${keys.join(', ')}` };
}

/**
 * Of ajv's errors (every branch of an `anyOf` fails alike), the one a person can act on: an unknown or missing
 * key first, then the deepest mismatch that is not about the "or a template" alternative or the branch itself.
 */
function mostTelling(errors: ErrorObject[]): ErrorObject {
  const keyed =
    errors.find((e) => e.keyword === 'additionalProperties') ??
    errors.find((e) => e.keyword === 'required' && !e.schemaPath.includes('/anyOf/'));
  if (keyed) return keyed;
  const plain = errors.filter((e) => !['anyOf', 'oneOf', 'pattern'].includes(e.keyword) && !isNullBranch(e));
  const deepest = [...plain].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  return deepest ?? errors[0]!;
}

/** The "no arguments" alternative's complaint (`must be null`) says nothing about what was written. */
function isNullBranch(error: ErrorObject): boolean {
  return error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null';
}
