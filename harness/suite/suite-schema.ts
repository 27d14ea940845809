import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../validation/json-schema.js';
import { schemaRegistry, validatorFor } from '../validation/schema-registry.js';

let composed: { kinds: string; validate: ValidateFunction } | undefined;

/**
 * The suite schema with each registered step kind's body added as a step key: schemas/suite.schema.json holds
 * what every step shares, the step-kind registry holds the kinds. Recomposed when the registry changes.
 */
export function suiteValidator(stepBodies: ReadonlyMap<string, JsonSchema>): ValidateFunction {
  const kinds = [...stepBodies.keys()].join(',');
  if (composed?.kinds === kinds) return composed.validate;
  const base = structuredClone(validatorFor('suite')!.schema) as JsonSchema & { definitions: Record<string, JsonSchema> };
  // The file's own $id is taken by the file itself in the shared ajv instance.
  delete base.$id;
  const step = base.definitions.step as { properties: Record<string, JsonSchema> };
  for (const [name, body] of stepBodies) step.properties[name] = body;
  composed = { kinds, validate: schemaRegistry().compile(base) };
  return composed.validate;
}
