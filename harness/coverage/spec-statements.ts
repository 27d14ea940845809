import { createHash } from 'node:crypto';
import { type Block, labelAtEnd, markdownBlocks } from './markdown-blocks.js';
import { normaliseText } from './normalise-text.js';
import { splitSentences } from './split-sentences.js';

/** One statement of the spec: a sentence of prose or of a list item, or a table row. */
export interface Statement {
  /** Section slug and a hash of the normalised text: stable while the sentence and its section stay. */
  id: string;
  section: string;
  kind: 'sentence' | 'item' | 'row';
  /** As written in the spec (Markdown). */
  text: string;
  normalised: string;
  /** 1-based line in the spec file. */
  line: number;
  /** A table row's header row. */
  header?: string;
  /** The label heading the statement's list or table ("Query parameters:"). */
  lead?: string;
  /** Which block (paragraph, item, row) it belongs to, and where it starts in that block's normalised text. */
  block: number;
  offset: number;
}

/** Every statement of the spec, in document order. */
export function specStatements(markdown: string): Statement[] {
  const blocks = markdownBlocks(markdown);
  const statements: Statement[] = [];
  const ids = new Set<string>();
  blocks.forEach((block, b) => {
    let offset = 0;
    for (const text of textsOf(block, blocks[b + 1])) {
      const normalised = normaliseText(text);
      const statement: Statement = {
        id: uniqueId(ids, block.section, normalised),
        section: block.section,
        kind: block.kind === 'paragraph' ? 'sentence' : block.kind,
        text,
        normalised,
        line: block.line,
        ...(block.header ? { header: block.header } : {}),
        ...(block.lead ? { lead: block.lead } : {}),
        block: b,
        offset,
      };
      statements.push(statement);
      offset += normalised.length + 1;
    }
  });
  return statements;
}

/** A row is one statement; prose is split into sentences, less a label that heads the next list or table. */
function textsOf(block: Block, next: Block | undefined): string[] {
  if (block.kind === 'row') return [block.text];
  const sentences = splitSentences(block.text);
  const label = block.kind === 'paragraph' ? labelAtEnd(block.text) : undefined;
  if (label && next && next.kind !== 'paragraph' && next.lead === label) sentences.pop();
  return sentences;
}

/** The last heading of the path, less a parenthesis, in four words at most: `Page post (read fields)` gives `page-post`. */
export function sectionSlug(section: string): string {
  const words = (section.split(' › ').pop() ?? '')
    .replace(/\s*\([^)]*\)/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.slice(0, 4).join('-');
}

function uniqueId(taken: Set<string>, section: string, normalised: string): string {
  const base = `${sectionSlug(section)}-${createHash('sha256').update(normalised).digest('hex').slice(0, 6)}`;
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}
