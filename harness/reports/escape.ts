const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML (element content or a quoted attribute value). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML[c]!);
}

/**
 * Text a target controls, as inline Markdown that renders as the same characters: HTML-escaped, the characters
 * Markdown reads (emphasis, code, links, table pipes, headings) written as entities, on one line, and no link:
 * GitHub turns `https://...`, `www.` and `name@host` in text into live links (at parse time, and again over the
 * text once entities are read, so an entity does not stop it), so an empty element cuts each such start apart.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[&<>\\`*_[\]|#~]/g, (c) => HTML[c] ?? `&#${c.charCodeAt(0)};`)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/:(?=\/\/)|(?<=\bwww)\.|@/gi, (c) => (c === '@' ? `${NO_LINK}@` : `${c}${NO_LINK}`));
}

/** Renders as nothing; splits the text around it, so no link is read across it. */
const NO_LINK = '<span></span>';

/**
 * `text` as inline code in Markdown: a code span when nothing in it can end or leave one (a backtick, a line
 * break, a table's `|`) nor look like markup to a reader of the file, else an HTML `<code>` with its text escaped.
 */
export function markdownCode(text: string): string {
  return /^[^`<>&|\\\r\n]+$/.test(text) && text.trim() === text ? `\`${text}\`` : `<code>${escapeMarkdown(text)}</code>`;
}

/**
 * Text our suites write in Markdown (rule titles, cited sentences: "`limit` above 100 is refused"): its code
 * spans render, everything else escaped as `escapeMarkdown` does. From a shard someone else wrote, the same text
 * can carry no markup: a code span holds only text, and an unmatched backtick makes it all plain text.
 */
export function ownMarkdown(text: string): string {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return escapeMarkdown(text);
  return parts.map((part, i) => (i % 2 === 0 ? escapeMarkdown(part) : part === '' ? '' : markdownCode(part))).join('');
}

/** The same text as HTML: its code spans as `<code>`, everything escaped. */
export function ownHtml(text: string): string {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return escapeHtml(text);
  return parts.map((part, i) => (i % 2 === 0 ? escapeHtml(part) : `<code>${escapeHtml(part)}</code>`)).join('');
}
