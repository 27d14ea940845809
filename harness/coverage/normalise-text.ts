/**
 * Text as compared between a cite and a statement: Markdown emphasis and code marks dropped, table cell bars
 * spaced one way and trimmed at the row's ends, whitespace collapsed. A cite may quote with or without the
 * marks, and a table row with or without its outer bars.
 */
export function normaliseText(text: string): string {
  return text
    .replace(/\*\*|`/g, '')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\|\s*|\s*\|$/g, '')
    .trim();
}
