/** One unit of the spec's Markdown that may hold statements: a paragraph, a list item or a table row. */
export interface Block {
  kind: 'paragraph' | 'item' | 'row';
  /** The block's Markdown, list marker removed, lines joined by one space. */
  text: string;
  /** Heading names from the document title or the `##` heading down (`Endpoints › Page feed`). */
  section: string;
  /** 1-based line of the block's first line in the spec file. */
  line: number;
  /** For a table row: the table's header row. */
  header?: string;
  /**
   * The short lead-in ("Query parameters:", "Rules:") that heads the list or table this block belongs to. A lead
   * of six words or fewer ending in a colon is a label, not a statement of its own.
   */
  lead?: string;
}

interface Line {
  text: string;
  number: number;
}

const LIST_MARKER = /^(?:[-*]|\d+\.)\s+/;
const TABLE_SEPARATOR = /^\|(?:\s*:?-+:?\s*\|)+\s*$/;

/**
 * `Page photos: \`/{page_id}/photos\`` is cited as `Page photos`: the path after the colon names the endpoint,
 * the words before it name the section.
 */
export function sectionName(heading: string): string {
  return heading.replace(/:\s*`[^`]*`\s*$/, '').trim();
}

/** Splits the spec's Markdown into the blocks statements come from, each under its section path. */
export function markdownBlocks(markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/).map((text, i) => ({ text, number: i + 1 }));
  const blocks: Block[] = [];
  let path: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.+)$/.exec(line.text);
    if (heading) {
      const depth = heading[1]!.length;
      path = depth === 1 ? [sectionName(heading[2]!)] : [...path.slice(0, Math.max(0, depth - 2)), sectionName(heading[2]!)];
      i += 1;
    } else if (line.text.trim() === '') {
      i += 1;
    } else {
      i = readBlock(lines, i, path.join(' › '), blocks);
    }
  }
  return attachLeads(blocks);
}

/** Reads the table, list or paragraph starting at `start`; returns the index after it. */
function readBlock(lines: Line[], start: number, section: string, out: Block[]): number {
  const first = lines[start]!;
  if (first.text.startsWith('|')) return readTable(lines, start, section, out);
  if (LIST_MARKER.test(first.text)) return readList(lines, start, section, out);
  let end = start;
  while (end < lines.length && isParagraphLine(lines[end]!.text)) end += 1;
  const text = lines.slice(start, end).map((l) => l.text.trim()).join(' ');
  out.push({ kind: 'paragraph', text, section, line: first.number });
  return end;
}

function isParagraphLine(text: string): boolean {
  return text.trim() !== '' && !/^#{1,6}\s/.test(text) && !text.startsWith('|') && !LIST_MARKER.test(text);
}

function readTable(lines: Line[], start: number, section: string, out: Block[]): number {
  let end = start;
  while (end < lines.length && lines[end]!.text.startsWith('|')) end += 1;
  const header = lines[start]!.text.trim();
  for (const line of lines.slice(start + 1, end)) {
    if (TABLE_SEPARATOR.test(line.text.trim())) continue;
    out.push({ kind: 'row', text: line.text.trim(), section, line: line.number, header });
  }
  return end;
}

/** A list item runs on over indented continuation lines. */
function readList(lines: Line[], start: number, section: string, out: Block[]): number {
  let i = start;
  while (i < lines.length && LIST_MARKER.test(lines[i]!.text)) {
    const item = lines[i]!;
    const parts = [item.text.replace(LIST_MARKER, '').trim()];
    i += 1;
    while (i < lines.length && /^\s+\S/.test(lines[i]!.text) && !LIST_MARKER.test(lines[i]!.text.trim())) {
      parts.push(lines[i]!.text.trim());
      i += 1;
    }
    out.push({ kind: 'item', text: parts.join(' '), section, line: item.number });
  }
  return i;
}

/** A paragraph that ends in a short label ("Rules:") right before a list or table heads it, and only it. */
function attachLeads(blocks: Block[]): Block[] {
  let lead: string | undefined;
  let previous: Block | undefined;
  for (const block of blocks) {
    if (block.kind === 'paragraph' || previous?.kind !== block.kind) lead = undefined;
    if (block.kind !== 'paragraph' && previous?.kind === 'paragraph' && previous.section === block.section) {
      lead = labelAtEnd(previous.text);
    }
    if (block.kind !== 'paragraph' && lead) block.lead = lead;
    previous = block;
  }
  return blocks;
}

/** The paragraph's closing label, if it ends in one: a last sentence of six words or fewer ending in a colon. */
export function labelAtEnd(paragraph: string): string | undefined {
  const last = /(?:^|[.!?]\s+)([^.!?]*:)$/.exec(paragraph.trim())?.[1]?.trim();
  if (!last) return undefined;
  return last.split(/\s+/).length <= 6 ? last : undefined;
}
