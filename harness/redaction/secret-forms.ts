/**
 * The written forms of one secret: raw, URL-encoded (either hex case, `+` for space), JSON-escaped
 * (`\/`, `\u00XX`) and JSON-escaped URL-encoded (`\u00257C`, as the Graph API writes `paging.next`).
 * Letters and digits are written as is by every encoder; only the other characters vary, so a form is
 * described by one code per special character (a letter: placeholders carry them, see placeholder.ts).
 */
const ALNUM = /^[A-Za-z0-9]$/;
/** Codes in the order they are tried: longer representations first, so `%25` wins over a raw `%`. */
const CODES = ['Q', 'q', 'U', 'u', 'P', 'p', 's', 'f', 'r'] as const;
type Code = (typeof CODES)[number];

function hex(n: number, upper: boolean, width: number): string {
  const h = n.toString(16).padStart(width, '0');
  return upper ? h.toUpperCase() : h;
}

function percent(c: string, upper: boolean): string {
  return [...Buffer.from(c, 'utf8')].map((b) => `%${hex(b, upper, 2)}`).join('');
}

function unicodeEscape(c: string, upper: boolean): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${hex(c.charCodeAt(i), upper, 4)}`;
  return out;
}

const SHORT_ESCAPES: Record<string, string> = {
  '/': '\\/',
  '"': '\\"',
  '\\': '\\\\',
};

/** How special character `c` is written under `code`; undefined when the code does not apply to it. */
function represent(c: string, code: Code): string | undefined {
  switch (code) {
    case 'r':
      return c;
    case 'P':
    case 'p':
      return percent(c, code === 'P');
    case 'U':
    case 'u':
      return unicodeEscape(c, code === 'U');
    case 'Q':
    case 'q':
      return percent(c, code === 'Q').replaceAll('%', '\\u0025');
    case 's':
      return SHORT_ESCAPES[c];
    case 'f':
      // a space as an HTML form writes it
      return c === ' ' ? '+' : undefined;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function alternativesOf(c: string): Array<{ code: Code; text: string }> {
  const seen = new Set<string>();
  const out: Array<{ code: Code; text: string }> = [];
  for (const code of CODES) {
    const text = represent(c, code);
    if (text === undefined || seen.has(text)) continue;
    seen.add(text);
    out.push({ code, text });
  }
  return out.sort((a, b) => b.text.length - a.text.length);
}

/**
 * A global regex matching `secret` in every form, not inside a longer run of letters and digits (an escaped
 * character before it counts as a boundary).
 */
export function secretPattern(secret: string): RegExp {
  let source = '';
  for (const c of secret) {
    source += ALNUM.test(c)
      ? c
      : `(?:${alternativesOf(c)
          .map((a) => escapeRegex(a.text))
          .join('|')})`;
  }
  const first = secret[0] ?? '';
  const last = secret[secret.length - 1] ?? '';
  // An escape ends in a letter or digit (`%7C`, `\\u007C`) yet is a boundary: `1000001%7C<secret>` holds the secret.
  // One lookbehind (an alternation of them stops V8 from searching for the secret's letters first: 100x slower).
  const before = ALNUM.test(first) ? '(?<!(?<!%[0-9A-Fa-f]|\\\\u[0-9A-Fa-f]{3})[A-Za-z0-9])' : '';
  const after = ALNUM.test(last) ? '(?![A-Za-z0-9])' : '';
  return new RegExp(before + source + after, 'g');
}

/** The longest run of letters and digits: present in every form, so a cheap `indexOf` pre-check. */
export function secretAnchor(secret: string): string | undefined {
  const runs = secret.match(/[A-Za-z0-9]+/g) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= 3 ? longest : undefined;
}

/** Renders `secret` in the form `form` describes (see `formOf`). */
export function renderSecret(secret: string, form: string): string {
  if (form === '') return secret;
  let out = '';
  let special = 0;
  for (const c of secret) {
    if (ALNUM.test(c)) {
      out += c;
      continue;
    }
    const code = (form.length === 1 ? form : (form[special] ?? 'r')) as Code;
    out += represent(c, code) ?? c;
    special++;
  }
  return out;
}

/** The form code of `written`, a text `secretPattern(secret)` matched: '' for raw, one letter when uniform. */
export function formOf(secret: string, written: string): string {
  const codes = codesOf([...secret], written, 0, 0, []);
  if (!codes || codes.every((c) => c === 'r')) return '';
  const first = codes[0];
  const form = codes.every((c) => c === first) ? (first as string) : codes.join('');
  return renderSecret(secret, form) === written ? form : '';
}

/**
 * How each special character of the secret was written, trying every alternative: the longest one at a place
 * can be wrong (`%25` is `%` URL-encoded, or a raw `%` followed by `25`).
 */
function codesOf(chars: string[], written: string, at: number, pos: number, codes: Code[]): Code[] | undefined {
  if (at === chars.length) return pos === written.length ? codes : undefined;
  const c = chars[at] as string;
  if (ALNUM.test(c)) return written.startsWith(c, pos) ? codesOf(chars, written, at + 1, pos + c.length, codes) : undefined;
  for (const alternative of alternativesOf(c)) {
    if (!written.startsWith(alternative.text, pos)) continue;
    const found = codesOf(chars, written, at + 1, pos + alternative.text.length, [...codes, alternative.code]);
    if (found) return found;
  }
  return undefined;
}
