/**
 * A parameter's type and constraints as the spec's tables and sub-field lists write them: the Type column
 * (`boolean`, `int64`, `enum \`a\`, \`b\``, `list of unsigned int32`, `numeric string or integer`), and the words
 * beside it that bound or list its values ("0 to 360", "13 or higher", "65 or lower", "(1, 2, 3)", "(1 male,
 * 2 female, default both)", "required").
 */
export type ValueType =
  | { kind: 'boolean' }
  | { kind: 'int'; bits?: 32 | 64; unsigned?: boolean }
  | { kind: 'float' }
  | { kind: 'numeric' }
  | { kind: 'enum'; values: (string | number)[]; of?: ValueType }
  | { kind: 'string' }
  | { kind: 'url' }
  | { kind: 'object' }
  | { kind: 'datetime' }
  | { kind: 'list'; of: ValueType }
  | { kind: 'other'; text: string };

/** What the words around a type say of its values. */
export interface Constraints {
  min?: number;
  max?: number;
  /** Values listed as the only ones (`(1, 2, 3)`, `(1 male, 2 female, ...)`, `13, 15, 18, 21 or 25`). */
  listed?: number[];
  /** The stated default, as written (`0`, `both`, `false`). */
  default?: string;
  required?: boolean;
  deprecated?: boolean;
  /** A list's stated least and most items ("Minimum 2, maximum 5 objects"). */
  minItems?: number;
  maxItems?: number;
}

const ticked = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The Type column's words (or a sub-field's words after its name) as a type. */
export function parseType(text: string): ValueType {
  const words = text.trim().replace(/\s+/g, ' ');
  const lower = words.toLowerCase();
  const list = /^(?:list|array|csv) of (.+)$/.exec(lower) ?? /^(.+)\[\]$/.exec(lower);
  if (list) return { kind: 'list', of: parseType(singular(list[1]!)) };
  if (lower.startsWith('enum')) {
    const values = ticked(words);
    if (values.length > 0) return { kind: 'enum', values };
    return { kind: 'enum', values: [...words.matchAll(/-?\d+/g)].map((m) => Number(m[0])) };
  }
  if (/^(booleans?|bool)$/.test(lower)) return { kind: 'boolean' };
  const int = /^(unsigned )?int(32|64)?(?: \(.*\))?$/.exec(lower);
  if (int) return { kind: 'int', ...(int[2] ? { bits: Number(int[2]) as 32 | 64 } : {}), ...(int[1] ? { unsigned: true } : {}) };
  if (lower === 'integer') return { kind: 'int' };
  if (lower === 'float') return { kind: 'float' };
  if (/^numeric string( or integer)?$/.test(lower)) return { kind: 'numeric' };
  if (/^(url|uri|string (url|uri|\(uri\)))$/.test(lower)) return { kind: 'url' };
  if (/^(utf-8 |non-empty |arbitrary )?strings?$/.test(lower) || /^string label$/.test(lower)) return { kind: 'string' };
  if (/^(json |structured )?objects?$/.test(lower)) return { kind: 'object' };
  if (/^(datetime|timestamp)$/.test(lower)) return { kind: 'datetime' };
  return { kind: 'other', text: words };
}

function singular(text: string): string {
  if (/^json objects$/.test(text)) return 'object';
  return text.replace(/^(objects|strings|numeric strings)$/, (w) => w.slice(0, -1));
}

/**
 * Bounds, listed values, a default and "required" in the words beside a type: a sub-field's notes, or a table's
 * Meaning column (with its Default and Required columns apart, `columns`).
 */
export function parseConstraints(notes: string, columns: { default?: string; required?: string; table?: boolean } = {}): Constraints {
  const out: Constraints = {};
  const range = /(-?\d+) to (-?\d+)/.exec(notes);
  if (range) Object.assign(out, { min: Number(range[1]), max: Number(range[2]) });
  const higher = /(-?\d+) or higher/.exec(notes);
  if (higher) out.min = Number(higher[1]);
  const lower = /(-?\d+) or lower/.exec(notes) ?? /\bat most (-?\d+)/.exec(notes);
  if (lower) out.max = Number(lower[1]);
  const listed = listedValues(notes);
  if (listed) out.listed = listed;
  const fallback = columns.default ?? /\bdefault (?:`([^`]+)`|(-?\d+|true|false|both|all)\b)/i.exec(notes)?.slice(1).find(Boolean);
  if (fallback) out.default = fallback.replace(/`/g, '');
  if (columns.required !== undefined ? /^yes\b/i.test(columns.required) : statesRequired(notes, columns.table === true)) out.required = true;
  if (/\bdeprecated\b/i.test(notes)) out.deprecated = true;
  const fewest = /\bminimum (\d+)/i.exec(notes);
  if (fewest) out.minItems = Number(fewest[1]);
  const most = /\bmaximum (\d+)/i.exec(notes);
  if (most) out.maxItems = Number(most[1]);
  return out;
}

/**
 * "Required." opening a table's Meaning column, or (a sub-field's notes) `required` as a note of its own; never a
 * condition ("Required for types ...", "required together with ...").
 */
function statesRequired(notes: string, table: boolean): boolean {
  if (/^required\.(\s|$)/i.test(notes.trim())) return true;
  if (table) return false;
  return notes.split(/[,;]/).some((item) => /^required\b(?!\s+(?:for|together|when|with|if|to)\b)/i.test(item.trim()));
}

/**
 * Integers listed as the values a sub-field takes: a list of numbers alone (`1, 2, 3`, `13, 15, 18, 21 or 25`), or
 * each number followed by what it means (`1 male, 2 female, default both`; `1 single, 2 in a relationship`).
 */
function listedValues(text: string): number[] | undefined {
  const items = text
    .split(/,|;|\bor\b/)
    .map((item) => item.trim())
    .filter((item) => item !== '' && !/^default\b/.test(item));
  if (items.length < 2) return undefined;
  const numbers = items.map((item) => /^(-?\d+)(?:\s+[a-z][a-z ]*)?$/i.exec(item)?.[1]);
  if (numbers.some((n) => n === undefined)) return undefined;
  return numbers.map(Number);
}
