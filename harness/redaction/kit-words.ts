import { PLACEHOLDER_PATTERN } from './placeholder.js';

/**
 * The words graphcheck writes itself, as text where they meet what others wrote: rule ids, the profile's keys,
 * endpoint templates, the phrases its reasons are made of, the tool's name, the files it was given. A secret that
 * happens to be such a word (a test token `page-token`, `user`, `feed`) is replaced where others wrote it (the
 * traffic, a target's message quoted in a finding), never inside the kit's own word: an occurrence of the secret
 * that lies wholly within an occurrence of a kit word stands as written. Placeholders are always the kit's words.
 *
 * A term counts where it stands alone: the characters around it are none that would make it part of a longer
 * name (`comments.post-needs-page-token-x` holds no rule id).
 */
export class KitWords {
  private readonly terms: readonly string[];
  /** Per text a secret was matched as, the terms that hold it (most texts: none). */
  private readonly holding = new Map<string, readonly string[]>();

  constructor(terms: Iterable<string>) {
    this.terms = [...new Set([...terms].filter((t) => t.length > 0))];
  }

  /** No kit words but placeholders (what others wrote alone: the traffic, a user's file). */
  static readonly NONE = new KitWords([]);

  /**
   * Whether `written`, found at `at` in `text`, lies wholly within a kit word there (a placeholder, or one of the
   * terms), and so is no secret to replace.
   */
  keeps(text: string, at: number, written: string): boolean {
    return inPlaceholder(text, at, written.length) || this.inTerm(text, at, written);
  }

  private inTerm(text: string, at: number, written: string): boolean {
    for (const term of this.termsHolding(written)) {
      for (let k = term.indexOf(written); k !== -1; k = term.indexOf(written, k + 1)) {
        const start = at - k;
        if (start >= 0 && text.startsWith(term, start) && standsAlone(text, start, start + term.length)) return true;
      }
    }
    return false;
  }

  private termsHolding(written: string): readonly string[] {
    let found = this.holding.get(written);
    if (found === undefined) {
      found = this.terms.filter((term) => term.includes(written));
      if (this.holding.size < 256) this.holding.set(written, found);
    }
    return found;
  }
}

/** A character that continues a name: letters, digits, `_` and `-` (and a `.` before one of those). */
function continuesName(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_-]/.test(c);
}

function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  if (continuesName(before) || (before === '.' && continuesName(text[start - 2]))) return false;
  return !continuesName(after) && !(after === '.' && continuesName(text[end + 1]));
}

const PLACEHOLDER_AT = new RegExp(PLACEHOLDER_PATTERN.source, 'y');

/** Longer than any placeholder written (a kind, a form letter per special character of a secret, a number). */
const PLACEHOLDER_REACH = 256;

/** Whether `[at, at + length)` of `text` lies within a placeholder written there. */
function inPlaceholder(text: string, at: number, length: number): boolean {
  // A placeholder holds no `redacted-` but its own start: the nearest one at or before `at` is the only candidate,
  // looked for close by (a search back through a long text at every match would take time that grows with both).
  const from = Math.max(0, at - PLACEHOLDER_REACH);
  const start = text.slice(from, at + 9).lastIndexOf('redacted-');
  if (start === -1 || from + start > at) return false;
  PLACEHOLDER_AT.lastIndex = from + start;
  const m = PLACEHOLDER_AT.exec(text);
  return m !== null && at + length <= from + start + m[0].length;
}
