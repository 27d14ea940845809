import { createHmac } from 'node:crypto';

/**
 * A placeholder names one secret value: `redacted-KIND-N` (`redacted-access_token-1`). It is made of letters,
 * digits, `-` and `_` only, which no encoder changes, so it reads the same in a URL, a form body, JSON text and a
 * header, and a recorded link that holds one (`paging.next`) is still a valid URL: a cassette, its HAR export, a
 * recorded run's profile and a report all show the same text.
 *
 * When the secret was not written raw (URL-encoded, JSON-escaped...), letters before N say how each of its special
 * characters was written (`redacted-access_token-P1`, see secret-forms.ts), so replay can put the real value back
 * byte for byte; they never reveal a character of the secret. A placeholder that text would continue with a digit
 * (or dashes and a digit) ends with one more `-`, so N never runs into what follows.
 *
 * Cassettes written by graphcheck 0.1 use `<redacted:KIND:N>` (`<redacted:KIND:N:FORM>`): readers turn them into
 * this form as they read (`modernPlaceholders`), so nothing past the readers knows the old one.
 */
export const PLACEHOLDER_PATTERN = /redacted-([a-z_]+)-([A-Za-z]*)(\d+)(?:-(?=-*\d))?/g;

const WHOLE = new RegExp(`^${PLACEHOLDER_PATTERN.source}$`);
const LEGACY = /<redacted:([a-z_.]+):(\d+)(?::([A-Za-z+]+))?>/g;

export interface PlaceholderInfo {
  /** HMAC-SHA256 of the secret, hex, keyed by the cassette's salt. */
  hash: string;
}

export function placeholderId(kind: string, n: number): string {
  return `redacted-${kind}-${n}`;
}

/** The id and form of a `PLACEHOLDER_PATTERN` match. */
export function parsePlaceholder(match: RegExpMatchArray): { id: string; form: string } {
  return { id: placeholderId(match[1] as string, Number(match[3])), form: match[2] ?? '' };
}

/** The id (form letters removed) when `text` is exactly one placeholder, else undefined. */
export function placeholderIdOf(text: string): string | undefined {
  if (!text.startsWith('redacted-')) return undefined;
  const m = WHOLE.exec(text);
  return m ? parsePlaceholder(m).id : undefined;
}

/** The kind and number of a placeholder id. */
export function placeholderParts(id: string): { kind: string; n: number } | undefined {
  const m = WHOLE.exec(id);
  return m ? { kind: m[1] as string, n: Number(m[3]) } : undefined;
}

/**
 * The placeholder as written where text continues with `next`: the form letters go before the number, and a
 * closing `-` is added when `next` would otherwise read as more of it.
 */
export function writePlaceholder(id: string, form: string, next: string): string {
  const parts = placeholderParts(id);
  const body = parts ? `redacted-${parts.kind}-${form}${parts.n}` : id;
  return /^-*\d/.test(next) ? `${body}-` : body;
}

/**
 * `text` with the form letters taken out of every placeholder in it (`redacted-secret-Prrr2` as
 * `redacted-secret-2`): what reports show, so a reader sees one name per secret whatever form it was written in.
 * The letters are for replay, which writes the secret back byte for byte; a cassette keeps them.
 */
export function plainPlaceholders(text: string): string {
  if (!mayHoldPlaceholder(text)) return text;
  return text.replace(PLACEHOLDER_PATTERN, (whole, kind: string, form: string, n: string, at: number, all: string) =>
    form === '' ? whole : writePlaceholder(placeholderId(kind, Number(n)), '', all.slice(at + whole.length)),
  );
}

/** A key for "any placeholder of this kind": what replay fills a derived secret's placeholders with. */
export function anyPlaceholderOf(kind: string): string {
  return `redacted-${kind}-*`;
}

/** True when `text` may hold a placeholder (a cheap test before a search). */
export function mayHoldPlaceholder(text: string): boolean {
  return text.includes('redacted-');
}

export function keyedHash(salt: string, secret: string): string {
  return createHmac('sha256', salt).update(secret).digest('hex');
}

/** `text` with every placeholder of graphcheck 0.1 (`<redacted:KIND:N:FORM>`) written in the one form. */
export function modernPlaceholders(text: string): string {
  if (!text.includes('<redacted:')) return text;
  return text.replace(LEGACY, (_, kind: string, n: string, form: string | undefined, at: number, all: string) => {
    const id = placeholderId(kind.replace(/\./g, '_'), Number(n));
    return writePlaceholder(id, (form ?? '').replaceAll('+', 'f'), all.slice(at + _.length));
  });
}

/** A placeholders table (a cassette header's, a placeholders document) with its keys in the one form. */
export function modernPlaceholderTable(table: Record<string, PlaceholderInfo>): Record<string, PlaceholderInfo> {
  const keys = Object.keys(table);
  if (!keys.some((key) => key.startsWith('<'))) return table;
  return Object.fromEntries(keys.map((key) => [modernPlaceholders(key), table[key] as PlaceholderInfo]));
}
