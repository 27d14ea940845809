import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { PACKAGE_ROOT } from '../package-root.js';

/** The package's schemas/ folder; every `*.schema.json` in it is registered under its file name. */
export const SCHEMAS_DIR = join(PACKAGE_ROOT, 'schemas');

// ajv-formats ships CommonJS: imported from ESM, its default is `module.exports`, which carries the plugin again
// as `default` (its `exports.default`), the one spelling both TypeScript under NodeNext and Node agree on.
const addFormats = addFormatsModule.default;

let shared: Ajv | undefined;

/** One ajv instance for the whole process, with every schema of schemas/ loaded once. */
export function schemaRegistry(): Ajv {
  if (shared) return shared;
  // `verbose` keeps each error's schema, so an unknown key can be answered with the keys that are allowed.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  addFormats(ajv);
  for (const file of readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')) as Record<string, unknown>;
    ajv.addSchema(schema, file);
  }
  shared = ajv;
  return ajv;
}

/** The validator for `schemas/<name>.schema.json`, or undefined when there is no such schema. */
export function validatorFor(name: string): ValidateFunction | undefined {
  return schemaRegistry().getSchema(`${name}.schema.json`);
}

export function schemaNames(): string[] {
  return readdirSync(SCHEMAS_DIR)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.replace(/\.schema\.json$/, ''));
}

/** One readable sentence per ajv error, with the JSON path of the offending value. */
export function describeSchemaError(error: ErrorObject): { path: string; message: string } {
  const path = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    const where = error.instancePath ? `${error.instancePath}/${extra}` : `/${extra}`;
    const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const hint = allowed.length ? `; allowed: ${allowed.join(', ')}` : '';
    return { path: where, message: `unknown key "${extra}"${hint}` };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return { path, message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` };
  }
  if (error.keyword === 'const') {
    return { path, message: `must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}` };
  }
  return { path, message: error.message ?? error.keyword };
}
