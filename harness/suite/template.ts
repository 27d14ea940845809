/**
 * Templates in suite strings: `{{ expr }}`. A string that is exactly one template keeps the value's type
 * (`"{{given.limit}}"` -> 101); otherwise the parts are joined as text. Expressions are paths (`given.limit`,
 * `captured.ids[0]`), numbers, 'strings', and + - * between them, left to right with * first.
 */
import { TemplateError } from '../errors.js';
import { lookup } from '../validation/lookup.js';

export type Scope = Record<string, unknown>;

const TEMPLATE = /\{\{\s*(.+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*(.+?)\s*\}\}$/;
const TOKEN = /\s*(\d+(?:\.\d+)?|'[^']*'|[A-Za-z_][\w-]*(?:(?:\.[\w-]+)|\[\d+\])*|[-+*])/y;

/**
 * A value already evaluated (a generated value merged into a control's body, say): evaluating it again gives it
 * back untouched, so text a generator produced is never read as a template.
 */
export class Evaluated {
  constructor(readonly value: unknown) {}
}

export function evaluate(value: unknown, scope: Scope): unknown {
  if (value instanceof Evaluated) return value.value;
  if (typeof value === 'string') return evaluateString(value, scope);
  if (Array.isArray(value)) return value.map((v) => evaluate(v, scope));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, scope)]));
  }
  return value;
}

function evaluateString(text: string, scope: Scope): unknown {
  const whole = WHOLE.exec(text);
  if (whole && !whole[1]!.includes('}}')) return evaluateExpression(whole[1]!, scope);
  return text.replace(TEMPLATE, (_, expr: string) => {
    const v = evaluateExpression(expr, scope);
    return typeof v === 'string' ? v : JSON.stringify(v);
  });
}

export function evaluateExpression(expr: string, scope: Scope): unknown {
  const tokens = tokenize(expr);
  // Products first, then sums, left to right.
  const terms: unknown[] = [];
  const ops: string[] = [];
  let current = operand(tokens.shift(), scope, expr);
  while (tokens.length > 0) {
    const op = tokens.shift()!;
    const next = operand(tokens.shift(), scope, expr);
    if (op === '*') current = Number(current) * Number(next);
    else {
      terms.push(current);
      ops.push(op);
      current = next;
    }
  }
  terms.push(current);
  return terms.reduce((acc, term, i) => {
    const op = ops[i - 1];
    if (op === '-') return Number(acc) - Number(term);
    if (typeof acc === 'number' && typeof term === 'number') return acc + term;
    return String(acc) + String(term);
  });
}

function tokenize(expr: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(expr);
    if (!match) {
      if (expr.slice(start).trim() === '') break;
      throw new TemplateError(`cannot read "${expr.slice(start).trim()}" in {{ ${expr} }}`);
    }
    tokens.push(match[1]!);
  }
  if (tokens.length % 2 === 0) throw new TemplateError(`incomplete expression {{ ${expr} }}`);
  return tokens;
}

function operand(token: string | undefined, scope: Scope, expr: string): unknown {
  if (token === undefined || /^[-+*]$/.test(token)) throw new TemplateError(`incomplete expression {{ ${expr} }}`);
  if (/^\d/.test(token)) return Number(token);
  if (token.startsWith("'")) return token.slice(1, -1);
  const value = lookup(scope, token);
  if (value === undefined) throw new TemplateError(`{{ ${expr} }}: "${token}" is not defined here`);
  return value;
}

/** Every template expression inside a value, for load-time checks and for "does this step read the clock". */
export function expressionsIn(value: unknown): string[] {
  if (value instanceof Evaluated) return [];
  if (typeof value === 'string') return [...value.matchAll(TEMPLATE)].map((m) => m[1]!);
  if (Array.isArray(value)) return value.flatMap(expressionsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(expressionsIn);
  return [];
}

/** Parses without evaluating, so a suite's template mistakes surface at load time. */
export function checkSyntax(expr: string): void {
  tokenize(expr);
}
