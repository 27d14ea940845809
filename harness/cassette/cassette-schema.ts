import type { ErrorObject, ValidateFunction } from 'ajv';
import { bodyBytes, isBase64 } from '../http/stored-body.js';
import type { Exchange, RecordedRequest, RecordedResponse } from '../model/exchange.js';
import { schemaRegistry } from '../validation/schema-registry.js';

/**
 * The cassette schema's parts, from the one ajv instance over schemas/, compiled when first used: compiling them
 * took a fifth of a second of every start, cassette or not.
 */
function part(name: 'header' | 'placeholders' | 'exchange' | 'run'): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= schemaRegistry().getSchema(`cassette.schema.json#/definitions/${name}`);
    if (!compiled) throw new Error(`cassette schema lacks definitions/${name}`);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
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
  const exchange = data as Exchange;
  if (!URL.canParse(exchange.request.url)) return { path: 'request.url', problem: notAbsolute(exchange.request.url) };
  return bodyProblem(exchange.request, 'request') ?? (exchange.response ? bodyProblem(exchange.response, 'response') : undefined);
}

/** A body said to be base64 that does not decode, or kept past the limit with a size below what is kept. */
function bodyProblem(part: RecordedRequest | RecordedResponse, where: string): SchemaProblem | undefined {
  if (part.body === undefined) return undefined;
  if (part.bodyEncoding === 'base64' && !isBase64(part.body)) {
    return { path: `${where}.body`, problem: 'is not base64, though its bodyEncoding says so' };
  }
  const kept = part.bodyTooLarge ? bodyBytes(part.body, part.bodyEncoding).length : 0;
  if (part.bodyTooLarge && part.bodyTooLarge.size < kept) {
    const size = part.bodyTooLarge.size;
    return { path: `${where}.bodyTooLarge.size`, problem: `is ${size} bytes, less than the ${kept} bytes of the body kept` };
  }
  return undefined;
}

/** What makes `data` no cassette header, or undefined when it is one. */
export function headerProblem(data: unknown): SchemaProblem | undefined {
  return validateHeader(data) ? undefined : schemaProblem(validateHeader.errors, data);
}
