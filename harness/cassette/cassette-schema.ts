import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

const SCHEMA_URL = new URL('../../schemas/cassette.schema.json', import.meta.url);
const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as { $id: string };
const ajv = new Ajv({ allErrors: false, strict: false });
ajv.addSchema(schema);

function part(name: 'header' | 'placeholders' | 'exchange' | 'run'): ValidateFunction {
  const validate = ajv.getSchema(`${schema.$id}#/definitions/${name}`);
  if (!validate) throw new Error(`cassette schema lacks definitions/${name}`);
  return validate;
}

export const validateHeader = part('header');
export const validatePlaceholders = part('placeholders');
export const validateExchange = part('exchange');
export const validateRun = part('run');

/** `request.url is missing`, `response.status must be integer`: one readable phrase for Ajv's first error. */
export function describeSchemaError(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'does not match the cassette schema';
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${path ? `${path}.` : ''}${missing} is missing`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ');
    return `${path || 'document'} must be one of ${allowed}`;
  }
  return `${path || 'document'} ${error.message ?? 'is invalid'}`;
}
