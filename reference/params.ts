import { invalidParam } from './graph-error.js';

/**
 * Typed readers for request parameters. Form values arrive as strings, JSON bodies as values; object-valued
 * parameters may be JSON strings (`feed_targeting={"age_min":13}`) or folded bracket keys. A wrong type is
 * code 100 (R1).
 */
type Params = Record<string, unknown>;

export function readString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalidParam(`Param ${name} must be a string.`);
}

export function readInt(params: Params, name: string): number | undefined {
  return toInt(params[name], name);
}

export function toInt(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number === 'number' && Number.isSafeInteger(number)) return number;
  throw invalidParam(`Param ${name} must be an integer.`);
}

export function readBool(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  throw invalidParam(`Param ${name} must be a boolean.`);
}

export function readObject(params: Params, name: string): Record<string, unknown> | undefined {
  return toObject(params[name], name);
}

export function toObject(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? parseJson(value, name) : value;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Params;
  throw invalidParam(`Param ${name} must be a JSON object.`);
}

/** An array, a JSON-encoded array, or (with `csv`) a comma-separated string. */
export function readList(params: Params, name: string, csv = false): unknown[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      const parsed = parseJson(trimmed, name);
      if (Array.isArray(parsed)) return parsed;
    } else if (csv) {
      return trimmed === '' ? [] : trimmed.split(',').map((item) => item.trim());
    }
  }
  throw invalidParam(`Param ${name} must be an array.`);
}

export function readStringList(params: Params, name: string): string[] | undefined {
  const list = readList(params, name, true);
  if (list === undefined) return undefined;
  if (list.every((item) => typeof item === 'string')) return list as string[];
  throw invalidParam(`Param ${name} must be a list of strings.`);
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidParam(`Param ${name} must be valid JSON.`);
  }
}
