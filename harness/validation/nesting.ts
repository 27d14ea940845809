import { TooDeepError } from '../errors.js';

/**
 * How deep a document graphcheck reads may nest. Every reader of text from outside (a target's answers, a
 * webhook's payload, cassettes, HAR and VCR files, profiles) refuses more at parse time, so the recursive walks
 * after it (redaction, schema checks, slimming, comparisons) never meet a depth that exhausts the stack: a 10 KB
 * answer nested 5,000 levels deep used to end the whole run. The interface's documents nest a dozen levels;
 * JSON parsers elsewhere stop at 128 (serde_json) to 1,000 (Jackson).
 */
export const MAX_NESTING = 256;

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const APOSTROPHE = 0x27;
const NEWLINE = 0x0a;

/**
 * Where the JSON `text` opens more than `limit` arrays and objects inside one another (the offset of the bracket
 * past the limit), or undefined; stops at the first excess.
 */
export function jsonTooDeepAt(text: string, limit = MAX_NESTING): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return i;
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** `JSON.parse`, refusing a text nested deeper than `limit` with a `TooDeepError` before parsing it. */
export function parseJson(text: string, limit = MAX_NESTING): unknown {
  if (jsonTooDeepAt(text, limit) !== undefined) throw new TooDeepError(limit);
  return JSON.parse(text);
}

/**
 * Where a YAML text may nest deeper than `limit` (an offset, as `jsonTooDeepAt`), judged before the yaml parser
 * sees it (its lexer runs out of memory, not stack, on a block sequence 1,000 levels deep: a fatal error no catch
 * can stop). Flow brackets are counted outside quoted scalars (a quote opens one where a token starts; a bracket
 * missed inside an odd plain scalar only leaves the parser's own bounds and `valueNestingExceeds` to catch it). A
 * block level takes at least one column, and real files two, so content indented past `2 * limit` columns is too
 * deep.
 */
export function yamlTooDeepAt(text: string, limit = MAX_NESTING): number | undefined {
  let depth = 0;
  let lineStart = true;
  let column = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (quote === QUOTE && c === BACKSLASH) i++;
      else if (quote === APOSTROPHE && c === APOSTROPHE && text.charCodeAt(i + 1) === APOSTROPHE) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === NEWLINE) {
      lineStart = true;
      column = 0;
      continue;
    }
    if (lineStart) {
      // Spaces, and the indicators that open a block level on the same line (`- `, `? `, `: `).
      const indicator = (c === 0x2d || c === 0x3f || c === 0x3a) && text.charCodeAt(i + 1) === 0x20;
      if (c === 0x20 || indicator) {
        column += indicator ? 2 : 1;
        if (indicator) i++;
        if (column > 2 * limit) return i;
        continue;
      }
      lineStart = false;
    }
    if ((c === QUOTE || c === APOSTROPHE) && startsToken(text, i)) quote = c;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return i;
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** A quote opens a quoted scalar only where a token starts (`it's` is a plain word). */
function startsToken(text: string, i: number): boolean {
  const before = i === 0 ? NEWLINE : text.charCodeAt(i - 1);
  return before === NEWLINE || before === 0x20 || before === 0x09 || before === OPEN_BRACKET || before === OPEN_BRACE || before === 0x2c || before === 0x3a;
}

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** True when a parsed value nests arrays and objects deeper than `limit`; walked with a stack of its own, not recursion. */
export function valueNestingExceeds(value: unknown, limit = MAX_NESTING): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  // A YAML alias puts one node in several places: walked again only where it sits deeper (so a cycle ends too).
  const deepestSeen = new Map<object, number>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: v, depth } = next;
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || v instanceof Date) continue;
    if (depth + 1 > limit) return true;
    if ((deepestSeen.get(v) ?? -1) >= depth) continue;
    deepestSeen.set(v, depth);
    for (const child of Object.values(v)) pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}
