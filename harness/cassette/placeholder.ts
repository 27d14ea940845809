import { createHmac } from 'node:crypto';

/**
 * A placeholder names one secret value: `<redacted:KIND:N>`. When the secret appeared encoded (URL-encoded,
 * JSON-escaped...), a suffix records how its special characters were written (`<redacted:access_token:1:P>`),
 * so replay can put the real value back byte for byte. The suffix never reveals a character of the secret.
 */
export const PLACEHOLDER_PATTERN = /<redacted:([a-z_.]+):(\d+)(?::([A-Za-z+]+))?>/g;
const WHOLE_PLACEHOLDER = /^<redacted:([a-z_.]+):(\d+)(?::([A-Za-z+]+))?>$/;

export interface PlaceholderInfo {
  /** HMAC-SHA256 of the secret, hex, keyed by the cassette's salt. */
  hash: string;
}

export function placeholderId(kind: string, n: number): string {
  return `<redacted:${kind}:${n}>`;
}

/** The id with any form suffix removed, or undefined when `text` is not exactly one placeholder. */
export function placeholderIdOf(text: string): string | undefined {
  const m = WHOLE_PLACEHOLDER.exec(text);
  return m ? `<redacted:${m[1]}:${m[2]}>` : undefined;
}

const ALIAS = /^redacted-([a-z_.]+)-(\d+)$/;

/**
 * A URL-safe spelling of a placeholder (`redacted-access_token-1`), used as the token value of an offline run:
 * answers then carry it as is, and links such as `paging.next` stay valid URLs.
 */
export function placeholderAlias(id: string): string {
  const m = WHOLE_PLACEHOLDER.exec(id);
  return m ? `redacted-${m[1]}-${m[2]}` : id;
}

/** The placeholder id an alias spells, or undefined. */
export function placeholderIdOfAlias(text: string): string | undefined {
  const m = ALIAS.exec(text);
  return m ? `<redacted:${m[1]}:${m[2]}>` : undefined;
}

/** Adds the form suffix to a placeholder id (none for a secret written as is). */
export function withForm(id: string, form: string): string {
  return form === '' ? id : `${id.slice(0, -1)}:${form}>`;
}

export function keyedHash(salt: string, secret: string): string {
  return createHmac('sha256', salt).update(secret).digest('hex');
}

/** Every placeholder in `text` spelt as its URL-safe alias, so a recorded link stays a valid URL. */
export function aliasPlaceholders(text: string): string {
  return text.includes('<redacted:') ? text.replace(PLACEHOLDER_PATTERN, (_, kind, n) => `redacted-${kind}-${n}`) : text;
}
