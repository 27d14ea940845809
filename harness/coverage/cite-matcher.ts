import type { Citation } from '../model/index.js';
import { normaliseText } from './normalise-text.js';
import type { Statement } from './spec-statements.js';

/**
 * Finds the statements a cite quotes: those whose text overlaps the cite's where the cite lies within one
 * block (a paragraph, a list item or a table row) after normalisation. A cite inside a sentence, a sentence
 * inside a cite and a cite running over two sentences all count. Blocks of the cite's section are searched
 * first; when none holds the text, the whole spec is, so a section named loosely still finds its sentence.
 */
export class CiteMatcher {
  private readonly blocks: { statements: Statement[]; text: string }[];

  constructor(statements: Statement[]) {
    const byBlock = new Map<number, Statement[]>();
    for (const s of statements) byBlock.set(s.block, [...(byBlock.get(s.block) ?? []), s]);
    this.blocks = [...byBlock.values()].map((list) => ({ statements: list, text: list.map((s) => s.normalised).join(' ') }));
  }

  /** The statements the cite quotes; empty when the spec holds no such text. */
  quoted(cite: Citation): Statement[] {
    const text = normaliseText(cite.text);
    if (text === '') return [];
    const inSection = cite.section ? this.blocks.filter((b) => inSectionOf(cite.section, b.statements[0]!.section)) : [];
    const found = this.search(inSection, text);
    return found.length > 0 ? found : this.search(this.blocks, text);
  }

  private search(blocks: { statements: Statement[]; text: string }[], text: string): Statement[] {
    const found: Statement[] = [];
    for (const block of blocks) {
      for (let at = block.text.indexOf(text); at >= 0; at = block.text.indexOf(text, at + 1)) {
        const end = at + text.length;
        for (const s of block.statements) {
          const overlaps = s.offset < end && at < s.offset + s.normalised.length;
          if (overlaps && !found.includes(s)) found.push(s);
        }
      }
    }
    return found;
  }
}

/**
 * Whether a cite's section names this statement's section or one above it. Cites shorten headings to their
 * first words (`Resources` for "Resources and their fields", `List results` for "List results (common to ...)").
 */
export function inSectionOf(citeSection: string, section: string): boolean {
  const wanted = citeSection.split('›').map((s) => s.trim());
  const have = section.split(' › ');
  if (wanted.length > have.length) return false;
  return wanted.every((name, i) => {
    const heading = have[i]!;
    return heading === name || heading.startsWith(`${name} `) || heading.startsWith(`${name}:`);
  });
}
