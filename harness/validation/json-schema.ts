/**
 * Small builders for the JSON Schemas that checks and step kinds declare for their YAML arguments. Suite text is
 * validated before templates are evaluated, so a value that may come from a template (`"{{given.limit}}"` where a
 * number is expected) is declared with `orTemplate`.
 */
export type JsonSchema = Record<string, unknown>;

/** A string that is one `{{ expression }}` and nothing else: its value keeps the expression's type. */
export const TEMPLATE: JsonSchema = { type: 'string', pattern: '^\\s*\\{\\{.*\\}\\}\\s*$' };

/** `schema`, or a template that yields such a value when the rule runs. */
export function orTemplate(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, TEMPLATE] };
}

/** An object with exactly these keys (`required` among them): a typo is an unknown key, never ignored. */
export function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

/** Any value, templates included. */
export const ANY: JsonSchema = {};
export const STRING: JsonSchema = { type: 'string' };
export const BOOLEAN: JsonSchema = orTemplate({ type: 'boolean' });
export const NUMBER: JsonSchema = orTemplate({ type: 'number' });
export const INTEGER: JsonSchema = orTemplate({ type: 'integer' });
export const STRINGS: JsonSchema = orTemplate({ type: 'array', items: { type: ['string', 'number'] } });

/** Nothing at all: a check written without arguments (`ok`), or `{ ok: {} }`. */
export const NO_ARGS: JsonSchema = { anyOf: [{ type: "null" }, { type: "object", additionalProperties: false }] };

/** No arguments, or the arguments of `schema` (`error` alone, or `{ error: { code: 100 } }`). */
export function optional(schema: JsonSchema): JsonSchema {
  return { anyOf: [{ type: 'null' }, schema] };
}
