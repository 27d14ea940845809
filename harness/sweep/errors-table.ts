import { inSectionOf } from '../coverage/cite-matcher.js';
import type { Block } from '../coverage/markdown-blocks.js';
import type { Citation } from '../model/index.js';

/** A code of the spec's Errors table, with the row that lists it. */
export interface ListedCode {
  code: number;
  cite: Citation;
}

/**
 * The codes the Errors table lists for an operation, by how its "Seen on" column names it: `photos read and
 * create` names `photos read` and `photos create`; `all listed operations` names every one, less those after
 * `except`.
 */
export function codesSeenOn(blocks: Block[], names: readonly string[]): ListedCode[] {
  const rows = blocks.filter((b) => b.kind === 'row' && inSectionOf('Errors', b.section) && /^\|\s*Code\s*\|/.test(b.header ?? ''));
  const wanted = names.map((n) => n.toLowerCase());
  return rows.flatMap((row) => {
    const cells = row.text.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
    const code = Number(cells[0]);
    const seen = seenOn(cells[2] ?? '');
    const listed = wanted.some((name) => seen.every.length > 0 ? !seen.except.includes(name) : seen.names.includes(name));
    return Number.isInteger(code) && listed ? [{ code, cite: { section: row.section, text: row.text } }] : [];
  });
}

function seenOn(cell: string): { names: string[]; every: string[]; except: string[] } {
  const text = cell.toLowerCase();
  const all = /^all listed operations(?: except (.+))?$/.exec(text);
  if (all) return { names: [], every: ['all'], except: all[1] ? expand(all[1]) : [] };
  return { names: expand(text), every: [], except: [] };
}

/**
 * `photos read and create, template delete` -> `photos read`, `photos create`, `template delete`; `template read,
 * create` -> `template read`, `template create` (a word alone takes the head of the part before it).
 */
function expand(list: string): string[] {
  let head = '';
  return list.split(',').flatMap((part) => {
    const words = part.trim().split(/\s+/);
    if (words.length === 1 && head) return [`${head} ${words[0]}`];
    const and = words.indexOf('and');
    head = words.slice(0, and < 1 ? -1 : and - 1).join(' ');
    if (and < 1) return [words.join(' ')];
    return [`${head} ${words[and - 1]}`, `${head} ${words.slice(and + 1).join(' ')}`].map((s) => s.trim());
  });
}
