import { inSectionOf } from '../coverage/cite-matcher.js';
import type { Block } from '../coverage/markdown-blocks.js';
import type { Citation } from '../model/index.js';
import type { FieldList } from './sweep-declaration.js';

/** One parameter (or sub-field) as the spec writes it: its names, its type's words, the words beside them. */
export interface ParamSource {
  /** The backticked names it is written under (`PoseHeadingDegrees`, `PosePitchDegrees`, ...). */
  names: string[];
  typeText: string;
  /** Notes in parentheses, or the Meaning column. */
  notes: string;
  /** The Default and Required columns, where the table has them. */
  defaultText?: string;
  requiredText?: string;
  /** The row, or the sub-field's words within their sentence: what a rule quotes. */
  cite: Citation;
  /** Where a sub-field listed inside another's words sits under the list's object (`geo_locations`, `regions`, 0). */
  within?: (string | number)[];
}

const ticked = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const cellsOf = (row: string): string[] => row.replace(/^\|/, '').replace(/\|\s*$/, '').split('|').map((c) => c.trim());

/** Every row of the table in `section` that has a row named `row`, or undefined when there is none. */
export function tableParams(blocks: Block[], section: string, row: string): ParamSource[] | undefined {
  const at = blocks.findIndex((b) => b.kind === 'row' && inSectionOf(section, b.section) && ticked(cellsOf(b.text)[0] ?? '').includes(row));
  if (at < 0) return undefined;
  const first = blocks[at]!;
  const header = cellsOf(first.header ?? '').map((h) => h.toLowerCase());
  const column = (cells: string[], name: string) => {
    const i = header.indexOf(name);
    return i < 0 ? undefined : cells[i];
  };
  const rows: Block[] = [];
  for (let i = at; i >= 0 && sameTable(blocks[i]!, first); i--) rows.unshift(blocks[i]!);
  for (let i = at + 1; i < blocks.length && sameTable(blocks[i]!, first); i++) rows.push(blocks[i]!);
  return rows.map((b) => {
    const cells = cellsOf(b.text);
    const defaultText = column(cells, 'default');
    const requiredText = column(cells, 'required');
    return {
      names: ticked(cells[0] ?? ''),
      typeText: column(cells, 'type') ?? '',
      notes: column(cells, 'meaning') ?? column(cells, 'notes') ?? '',
      ...(defaultText ? { defaultText } : {}),
      ...(requiredText ? { requiredText } : {}),
      cite: { section: b.section, text: b.text },
    };
  });
}

function sameTable(block: Block, first: Block): boolean {
  return block.kind === 'row' && block.header === first.header && block.section === first.section;
}

/**
 * The sub-fields listed after `list.text` in a paragraph or list item of `section`, or in a table row's cell
 * (`row`, its `column` or the last one, after `after`): `\`age_max\` int (65 or lower), \`age_min\` int (13 or
 * higher, default 0), ...`. Undefined when the text is not there.
 */
export function fieldParams(blocks: Block[], section: string, list: FieldList): ParamSource[] | undefined {
  const found = listText(blocks, section, list);
  if (!found) return undefined;
  return segments(found.text).flatMap((segment) => withNested(readSegment(segment), { section: found.section, text: segment }, []));
}

/**
 * A sub-field and, where its words list sub-fields of its own (`object with \`countries\` list of string, ...`,
 * `list of objects with \`key\` int64`), each of those at every depth, quoting the outermost sub-field's words.
 */
function withNested(read: Read, cite: Citation, within: (string | number)[]): ParamSource[] {
  const { nested, ...source } = read;
  const here: ParamSource = { ...source, cite, ...(within.length ? { within } : {}) };
  if (nested === undefined) return [here];
  const deeper = [...within, read.names[0]!, ...(read.typeText === 'list of object' ? [0] : [])];
  return [here, ...segments(nested).flatMap((segment) => withNested(readSegment(segment), cite, deeper))];
}

type Read = Omit<ParamSource, 'cite'> & { nested?: string };

/** `object with <sub-fields>`, `list of objects with <sub-fields>`: the type, and the sub-fields' words. */
function nestedType(text: string): { typeText: string; nested: string } | undefined {
  const match = /^(object|list of objects) with (.+)$/.exec(text.trim());
  if (!match) return undefined;
  return { typeText: match[1] === 'object' ? 'object' : 'list of object', nested: match[2]! };
}

function listText(blocks: Block[], section: string, list: FieldList): { text: string; section: string } | undefined {
  const inSection = blocks.filter((b) => inSectionOf(section, b.section));
  if (list.row !== undefined) {
    const row = inSection.find((b) => b.kind === 'row' && cellsOf(b.text)[0]?.replace(/`/g, '') === list.row);
    if (!row) return undefined;
    const cells = cellsOf(row.text);
    const header = cellsOf(row.header ?? '').map((h) => h.toLowerCase());
    const cell = list.column ? cells[header.indexOf(list.column.toLowerCase())] : cells.at(-1);
    if (cell === undefined) return undefined;
    const start = list.after ? cell.indexOf(list.after) : 0;
    if (start < 0) return undefined;
    return { text: cutSentence(cell.slice(start + (list.after?.length ?? 0))), section: row.section };
  }
  const block = inSection.find((b) => list.text !== undefined && b.text.includes(list.text));
  if (!block || list.text === undefined) return undefined;
  return { text: cutSentence(block.text.slice(block.text.indexOf(list.text) + list.text.length)), section: block.section };
}

/** The text up to the end of its sentence: a full stop outside parentheses followed by a space or the end. */
function cutSentence(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '.' && depth === 0 && (i + 1 === text.length || text[i + 1] === ' ')) return text.slice(0, i).trim();
  }
  return text.trim();
}

/**
 * A list split where a new sub-field starts: at a comma or semicolon outside parentheses followed by a backticked
 * name that has words after it, or at "and" between two sub-fields whose types are in parentheses. A backticked
 * word alone continues the previous enum (`enum \`A\`, \`B\``).
 */
function segments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if ((char === ',' || char === ';') && depth === 0 && text.slice(i + 1).trimStart().startsWith('`')) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    } else if (depth === 0 && text[i - 1] === ')' && text.startsWith(' and `', i)) {
      // `\`link\` (string URL) and \`name\` (string label)`: the last of two written out whole.
      parts.push(text.slice(start, i).trim());
      start = i + 5;
    }
  }
  parts.push(text.slice(start).trim());
  const merged: string[] = [];
  for (const part of parts) {
    const prev = merged.length - 1;
    const openEnum = prev >= 0 && /\benum `/.test(merged[prev]!) && !merged[prev]!.endsWith(')');
    if (/^`[^`]+`$/.test(part) && openEnum) merged[prev] = `${merged[prev]}, ${part}`;
    else merged.push(part);
  }
  return merged.filter((part) => part.startsWith('`'));
}

/** `\`name\` type words (notes)` or `\`name\` (type, notes)`. */
function readSegment(segment: string): Read {
  const name = /^`([^`]+)`\s*/.exec(segment)!;
  const rest = segment.slice(name[0].length).trim();
  const listed = nestedType(rest);
  if (listed) return { names: [name[1]!], notes: '', ...listed };
  if (rest.startsWith('(')) {
    const close = closingParen(rest);
    const inner = rest.slice(1, close).trim();
    const inside = nestedType(inner);
    if (inside && close === rest.length - 1) return { names: [name[1]!], notes: '', ...inside };
    const tail = rest.slice(close + 1).replace(/^[:,;]?\s*/, '');
    const enumRun = /^(required )?(enum (?:`[^`]+`(?:, )?)+)/.exec(inner);
    if (enumRun) {
      const notes = `${enumRun[1] ?? ''}${inner.slice(enumRun[0].length)}`.replace(/^[,;]\s*/, '').trim();
      return { names: [name[1]!], typeText: enumRun[2]!.replace(/,\s*$/, ''), notes: [notes, tail].filter(Boolean).join('; ') };
    }
    const cut = splitOutside(inner);
    return { names: [name[1]!], typeText: cut[0], notes: [cut[1], tail].filter(Boolean).join('; ') };
  }
  const paren = rest.indexOf(' (');
  if (paren >= 0 && rest.endsWith(')')) return { names: [name[1]!], typeText: rest.slice(0, paren), notes: rest.slice(paren + 2, -1) };
  return { names: [name[1]!], typeText: rest, notes: '' };
}

function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return text.length;
}

/** `bool, whether ...` -> [`bool`, `whether ...`]: at the first comma or semicolon outside parentheses. */
function splitOutside(text: string): [string, string] {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if ((char === ',' || char === ';') && depth === 0) return [text.slice(0, i).trim(), text.slice(i + 1).trim()];
  }
  return [text.trim(), ''];
}
