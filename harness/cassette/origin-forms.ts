/**
 * The ways an absolute URL's origin is written in a body or header: as is, JSON-escaped (`http:\/\/host`,
 * as the Graph API writes `paging.next`) and URL-encoded (a `redirect_uri` parameter). Replacing an origin
 * keeps the form, so the rest of the text stays byte for byte what it was.
 */
export type OriginForm = 'raw' | 'json' | 'url' | 'url-lower';

export function writeOrigin(origin: string, form: OriginForm): string {
  switch (form) {
    case 'raw':
      return origin;
    case 'json':
      return origin.replaceAll('/', '\\/');
    case 'url':
      return encodeURIComponent(origin);
    case 'url-lower':
      return encodeURIComponent(origin).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  }
}

export const ORIGIN_FORMS: readonly OriginForm[] = ['json', 'url', 'url-lower', 'raw'];

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A regex source (no capture groups) matching `origin` in any form, not followed by more host or port. */
export function originPatternSource(origin: string): string {
  const texts = [...new Set(ORIGIN_FORMS.map((f) => writeOrigin(origin, f)))];
  return `(?:${texts.map(escapeRegex).join('|')})(?![0-9A-Za-z.-])`;
}

export function formOfOrigin(origin: string, written: string): OriginForm {
  return ORIGIN_FORMS.find((f) => writeOrigin(origin, f) === written) ?? 'raw';
}

/** A rewriter of every form of origin `from` to the same form of another origin (regex compiled once). */
export function originRewriter(from: string): (text: string, to: string) => string {
  const pattern = new RegExp(originPatternSource(from), 'g');
  return (text, to) =>
    from === to ? text : text.replace(pattern, (written) => writeOrigin(to, formOfOrigin(from, written)));
}

/** Rewrites every form of origin `from` in `text` to the same form of `to`. */
export function rewriteOrigin(text: string, from: string, to: string): string {
  return originRewriter(from)(text, to);
}
