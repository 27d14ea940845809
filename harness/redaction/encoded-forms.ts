/**
 * The forms of a secret that what graphcheck shows (reports, the console) must hide besides those secret-forms.ts
 * describes, but that no placeholder can be turned back from, so cassettes keep to the others:
 * - base64 (standard or URL-safe, `+`, `/` and `=` also percent-encoded or JSON-escaped) of its UTF-8 bytes, at
 *   any of the three byte alignments it can have inside a longer base64 text (`Basic dXNlcjpzZWNyZXQ=`): the
 *   characters that depend on the secret's bytes alone;
 * - hex of its UTF-8 bytes, either case;
 * - broken across lines: a line break (CR/LF and the next line's indent, or JSON's escaped `\n`) between any two
 *   of its characters, raw or in base64 (MIME wraps base64 at 76 characters);
 * - cut off: the start of it (8 characters or more) where a quote of the target's text was cut short (`…`, the
 *   closing quote of a quoted excerpt) or a body kept in part ends, and its first 12 characters or more wherever
 *   they stand (no word of ordinary text is that much of a token); escaped as below, too;
 * - split across JSON strings: its characters in two strings or more (`"EAAB9x","rest":"Token..."`,
 *   `"EAAB9x" + "Token..."`), as a target that cuts a value into fields writes it.
 * A secret too short for these forms to stand out in random text is not looked for in them; it is in this one:
 * - escaped, any of its characters (letters and digits too, or all of them): percent-encoded (`%45`, twice
 *   `%2545`) or `\u`-escaped in JSON at any depth (`\u0045`, `\\u0045`: JSON text quoting JSON), `\/`.
 */
export interface EncodedForm {
  /**
   * Which form: `B` base64, `H` hex, `L` broken across lines, `E` escaped, `T` cut off, `S` split across JSON
   * strings. (Only a label: what is shown writes placeholders without form letters.)
   */
  form: 'B' | 'H' | 'L' | 'E' | 'T' | 'S';
  pattern: RegExp;
  /** When the pattern matches more than the form: whether this match, followed by `after`, is one. */
  accepts?: (written: string, after: string) => boolean;
  /**
   * Whether a text with these facts may hold the form at all: a cheap test, from facts found once per text, before
   * a pattern that has no literal start to search for.
   */
  possible?: (text: TextFacts) => boolean;
}

/** What a text holds that some forms need, found once per text (`factsOf`). */
export interface TextFacts {
  /** The characters the text holds escaped (`%2D`, `\u002d`: `-`; a percent-encoded byte as the code point of its value). */
  escaped: ReadonlySet<string>;
  lineBreak: boolean;
  quote: boolean;
}

/**
 * Between two characters of a secret split across JSON strings: the first string's closing quote, then commas,
 * colons, `+`, brackets and blanks, maybe a key between quotes and more of those, then the next string's opening
 * quote (`","rest":"`, `" + "`); quotes escaped at any depth (JSON text quoting JSON). Each part takes characters
 * the next cannot, so a run of quotes is read one way only: no backtracking that grows with it.
 */
const SEPARATORS = String.raw`[\s,:+\[\]{}]*`;
const STRING_BOUNDARY = String.raw`\\*"${SEPARATORS}(?:\\*"[^"\\\s,:+\[\]{}]{0,40}\\*"${SEPARATORS})?\\*"`;

/** An escape; a run of backslashes is read from its first one only (each later start would read the run again). */
const ESCAPE = /%(?:25)?([0-9A-Fa-f]{2})|(?<!\\)\\+(?:u(?:0025([0-9A-Fa-f]{2})|([0-9A-Fa-f]{4}))|(\/))/g;

export function factsOf(text: string): TextFacts {
  const escaped = new Set<string>();
  if (text.includes('%') || text.includes('\\')) {
    for (const m of text.matchAll(ESCAPE)) {
      const hex = m[1] ?? m[2] ?? m[3];
      escaped.add(hex === undefined ? '/' : String.fromCharCode(parseInt(hex, 16)));
    }
  }
  return { escaped, lineBreak: text.includes('\n') || text.includes('\\n'), quote: text.includes('"') };
}

/** The shortest start of a secret that, cut off where a quote or a kept body ends, is hidden: less gives nothing a guess would not. */
const MIN_CUT = 8;

/** The shortest start of a secret that is hidden wherever it stands. */
const MIN_CUT_ANYWHERE = 12;

/**
 * What follows the start of a secret where a quote of it was cut: an ellipsis, a closing quote, the end; maybe after
 * an escape cut in its middle (`%2…`).
 */
const CUT_END = /^(?:%[0-9A-Fa-f]?|\\+u[0-9A-Fa-f]{0,3})?(?:…|\.\.\.|["'`]|\\+"|$)/;

/** Below this many bytes a secret's base64 core or hex is short enough to occur by chance. */
export const MIN_ENCODED_BYTES = 6;

/** A line break inside a secret: CR/LF or JSON's `\n` (escaped once or more, as JSON text quoting JSON has it), then indent. */
const BREAK = String.raw`(?:(?:\r?\n|(?:\\+r)?\\+n)[ \t]*)?`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A base64 character as it may be written: `+` and `/` percent-encoded in a URL, `/` escaped in JSON. */
function base64Char(c: string): string {
  if (c === '+') return String.raw`(?:\+|%2[Bb])`;
  if (c === '/') return String.raw`(?:/|%2[Ff]|\\/)`;
  return escapeRegex(c);
}

/** The base64 characters that encode `bytes` alone when they start `offset` bytes into a 3-byte group. */
export function base64Core(bytes: Buffer, offset: number): string {
  const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const first = Math.ceil((8 * offset) / 6);
  const end = Math.floor((8 * (offset + bytes.length)) / 6);
  return text.slice(first, end);
}

function base64Cores(bytes: Buffer): string[] {
  const cores = new Set<string>();
  for (const offset of [0, 1, 2]) {
    const core = base64Core(bytes, offset);
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...cores];
}

/** Hex digits matched in either case (`2d`, `2D`). */
function anyCase(hex: string): string {
  return hex.replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
}

/**
 * The backslashes an escape starts with, at any depth (`\u`, `\\u`), from the first of their run only: a pattern
 * that could start at each backslash of a long run would read the rest of the run from each (quadratic time).
 */
const FIRST_BACKSLASH = String.raw`(?<!\\)\\+`;

/**
 * A character of a secret escaped at any depth: `\u002d`, `\\u002d`, `%2D`, `%252D`, `\\u00252D`, `\\/`. Letters
 * and digits stand as they are unless `everyOne` (a secret escaped character by character).
 */
function escapedChar(c: string, everyOne = false): string {
  if (!everyOne && /[A-Za-z0-9]/.test(c)) return c;
  const alternatives = [escapeRegex(c)];
  for (let i = 0; i < c.length; i++) {
    const hex = c.charCodeAt(i).toString(16).padStart(4, '0');
    alternatives.push(String.raw`${FIRST_BACKSLASH}u` + anyCase(hex));
  }
  for (const byte of Buffer.from(c, 'utf8')) {
    const hex = byte.toString(16).padStart(2, '0');
    alternatives.push(`%(?:25)?${anyCase(hex)}`, String.raw`${FIRST_BACKSLASH}u0025` + anyCase(hex));
  }
  if (c === '/') alternatives.push(String.raw`${FIRST_BACKSLASH}/`);
  return `(?:${alternatives.join('|')})`;
}

/** `text` with JSON escapes (at any depth) and percent-encoding undone: what a cut-off excerpt spelled. */
function unescaped(text: string): string {
  if (!/[\\%]/.test(text)) return text;
  return text
    .replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\+\//g, '/')
    .replace(/%(?:25)?([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** `chars` written one after another, a line break allowed between any two. */
function brokenAcrossLines(chars: string[]): string {
  return chars.join(BREAK);
}

/** The start of `chars`, at least `least` of them, as much more as is there: `ab(?:c(?:d)?)?`. */
function startOf(chars: string[], least: number): string {
  let rest = '';
  for (let i = chars.length - 1; i >= least; i--) rest = `(?:${chars[i]}${rest})?`;
  return chars.slice(0, least).join('') + rest;
}

/** The extra forms of `secret`, each one global regex; for a secret under `MIN_ENCODED_BYTES`, escaped ones only. */
export function encodedForms(secret: string): EncodedForm[] {
  const chars = [...secret];
  const alnum = /^[A-Za-z0-9]/;
  const before = alnum.test(secret) ? '(?<![A-Za-z0-9])' : '';
  const after = /[A-Za-z0-9]$/.test(secret) ? '(?![A-Za-z0-9])' : '';
  // Escaped, the secret holds an escape of one of its own characters: most texts with escapes hold none.
  const own = new Set([...chars, ...[...Buffer.from(secret, 'utf8')].map((b) => String.fromCharCode(b))]);
  const escapedHere = (text: TextFacts) => [...own].some((c) => text.escaped.has(c));
  const escaped: EncodedForm = {
    form: 'E',
    possible: escapedHere,
    pattern: new RegExp(before + chars.map((c) => escapedChar(c, true)).join('') + after, 'g'),
    // As written raw, the secret is no encoded form (a raw one inside a longer name was left there on purpose).
    accepts: (written) => /[%\\]/.test(written),
  };
  const bytes = Buffer.from(secret, 'utf8');
  if (bytes.length < MIN_ENCODED_BYTES) return [escaped];
  const hex = bytes.toString('hex');
  const cores = base64Cores(bytes);
  const base64 = cores.map((core) => [...core].map(base64Char).join('')).join('|');
  const broken = [
    brokenAcrossLines(chars.map(escapeRegex)),
    ...cores.map((core) => brokenAcrossLines([...core].map(base64Char))),
  ].join('|');
  const cutAt = (written: string, next: string) => CUT_END.test(next) || [...unescaped(written)].length >= MIN_CUT_ANYWHERE;
  const cut: EncodedForm[] = [
    { form: 'T', pattern: new RegExp(before + startOf(chars.map(escapeRegex), MIN_CUT), 'g'), accepts: cutAt },
    { form: 'T', possible: escapedHere, pattern: new RegExp(before + startOf(chars.map((c) => escapedChar(c, true)), MIN_CUT), 'g'), accepts: cutAt },
  ];
  const split: EncodedForm = {
    form: 'S',
    possible: (text) => text.quote,
    pattern: new RegExp(before + chars.map(escapeRegex).join(`(?:${STRING_BOUNDARY})?`), 'g'),
    accepts: (written) => written.includes('"'),
  };
  return [
    escaped,
    ...(chars.length > MIN_CUT ? cut : []),
    split,
    { form: 'B', pattern: new RegExp(base64, 'g') },
    { form: 'H', pattern: new RegExp(`${hex}|${hex.toUpperCase()}`, 'g') },
    { form: 'L', possible: (text) => text.lineBreak, pattern: new RegExp(`${before}(?:${broken})`, 'g') },
  ];
}
