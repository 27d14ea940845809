const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML (element content or a quoted attribute value). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML[c]!);
}

/**
 * Text a target controls, as inline Markdown that renders as the same characters: HTML-escaped, and the
 * characters Markdown reads (emphasis, code, links, table pipes, headings) written as entities, on one line.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[&<>\\`*_[\]|#~]/g, (c) => HTML[c] ?? `&#${c.charCodeAt(0)};`)
    .replace(/\s*[\r\n]+\s*/g, ' ');
}
