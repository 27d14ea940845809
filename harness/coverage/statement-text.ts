import type { Statement } from './spec-statements.js';

/** Cells of a Markdown table row, outer bars dropped. */
function cells(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/**
 * A statement as shown in the map, Markdown kept: a table row reads with its header, so the row
 * `| \`limit\` | int |` of a `| Name | Type |` table shows as "Name: `limit`; Type: int" (empty cells left out).
 */
export function statementText(statement: Statement): string {
  if (statement.kind !== 'row' || !statement.header) return statement.text;
  const names = cells(statement.header);
  return cells(statement.text)
    .map((cell, i) => (cell === '' ? '' : names[i] ? `${names[i]}: ${cell}` : cell))
    .filter(Boolean)
    .join('; ');
}
