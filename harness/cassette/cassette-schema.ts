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

/** What is wrong with a document: the dotted path of the field (`''` for the document) and the problem. */
export interface SchemaProblem {
  path: string;
  problem: string;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Header names and values replay could not send: said of the header map, naming the header. */
function badHeader(errors: ErrorObject[]): SchemaProblem | undefined {
  const error = errors.find((e) => e.keyword === 'pattern' && /\/headers(\/|$)/.test(e.instancePath));
  if (!error) return undefined;
  const [where, name] = error.instancePath.split(/\/headers\/?/);
  const path = `${(where ?? '').split('/').filter(Boolean).join('.')}.headers`;
  if (name === '' || name === undefined)
    return { path, problem: `has a name that is not an HTTP token: ${shown(error.propertyName)}` };
  const header = (name.split('/')[0] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
  return { path, problem: `has a control character (a line break?) in the value of ${shown(header)}` };
}

function schemaProblem(errors: ErrorObject[] | null | undefined, data: unknown): SchemaProblem {
  const inHeaders = badHeader(errors ?? []);
  if (inHeaders) return inHeaders;
  const error = errors?.[0];
  if (!error) return { path: '', problem: 'does not match the cassette schema' };
  const parts = error.instancePath.split('/').filter(Boolean);
  const path = parts.join('.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { path: path ? `${path}.${missing}` : missing, problem: 'is missing' };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ');
    return { path, problem: `must be one of ${allowed}` };
  }
  if (error.keyword === 'pattern' && path === 'request.url') {
    const url = parts.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], data);
    return { path, problem: notAbsolute(url) };
  }
  return { path, problem: error.message ?? 'is invalid' };
}

function notAbsolute(url: unknown): string {
  return `must be an absolute URL (scheme://host/path), not ${shown(url)}`;
}

/** `request.url is missing`, `response.status must be integer`: one readable phrase for a problem. */
export function describeProblem({ path, problem }: SchemaProblem): string {
  return `${path || 'document'} ${problem}`;
}

/** `request.url is missing`, `response.status must be integer`: one readable phrase for Ajv's first error. */
export function describeSchemaError(errors: ErrorObject[] | null | undefined, data?: unknown): string {
  return describeProblem(schemaProblem(errors, data));
}

/**
 * What makes `data` no exchange a cassette may hold, or undefined when it is one. Beyond the schema, the request
 * URL must parse as an absolute URL: everything that reads a cassette (check, replay) takes it apart as one.
 * The reader and the importers both ask this, so an importer never writes what the reader refuses.
 */
export function exchangeProblem(data: unknown): SchemaProblem | undefined {
  if (!validateExchange(data)) return schemaProblem(validateExchange.errors, data);
  const { url } = (data as { request: { url: string } }).request;
  if (!URL.canParse(url)) return { path: 'request.url', problem: notAbsolute(url) };
  return undefined;
}

/** What makes `data` no cassette header, or undefined when it is one. */
export function headerProblem(data: unknown): SchemaProblem | undefined {
  return validateHeader(data) ? undefined : schemaProblem(validateHeader.errors, data);
}
