import { at, UserInputError } from '../errors.js';

export type Json = Record<string, unknown>;
type Kind = 'string' | 'number' | 'array' | 'object';

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** What a value is, for messages: `an array`, `null`, `a string`; in YAML's words (`a list`, `a mapping`) for VCR. */
export function describeKind(value: unknown, words: 'json' | 'yaml' = 'json'): string {
  const kind = kindOf(value);
  if (kind === 'array') return words === 'yaml' ? 'a list' : 'an array';
  if (kind === 'object') return words === 'yaml' ? 'a mapping' : 'an object';
  return kind === 'null' ? 'null' : `a ${kind}`;
}

/**
 * Reads required fields out of foreign traffic files (HAR, VCR), turning a missing or mistyped field into
 * one line naming the file, the field's path and, for YAML, its line.
 */
export class FieldReader {
  constructor(
    readonly file: string,
    private readonly lineOf: (path: Array<string | number>) => number | undefined = () => undefined,
  ) {}

  fail(path: Array<string | number>, problem: string, fix: string): UserInputError {
    const where = path.reduce<string>(
      (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p),
      '',
    );
    return new UserInputError(
      'CASSETTE_INVALID',
      at(this.file, this.lineOf(path), `${where} ${problem}: ${fix}`),
    );
  }

  need<T>(parent: Json, path: Array<string | number>, kind: Kind): T {
    const key = path[path.length - 1] as string | number;
    const value = (parent as Record<string | number, unknown>)[key];
    if (value === undefined || value === null)
      throw this.fail(path, 'is missing', 'add it, or remove the entry');
    if (kindOf(value) !== kind && !(kind === 'number' && typeof value === 'string' && /^\d+$/.test(value))) {
      throw this.fail(
        path,
        `must be ${kind === 'array' || kind === 'object' ? 'an' : 'a'} ${kind}, not ${kindOf(value)}`,
        'fix it',
      );
    }
    return (kind === 'number' ? Number(value) : value) as T;
  }
}
