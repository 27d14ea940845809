import { describe, expect, it } from 'vitest';
import { inSectionOf } from '../../../harness/coverage/cite-matcher.js';
import { labelAtEnd, markdownBlocks, sectionName } from '../../../harness/coverage/markdown-blocks.js';
import { normaliseText } from '../../../harness/coverage/normalise-text.js';
import { splitSentences } from '../../../harness/coverage/split-sentences.js';
import { statementStrength } from '../../../harness/coverage/statement-strength.js';
import type { Statement } from '../../../harness/coverage/spec-statements.js';
import { codesSeenOn } from '../../../harness/sweep/errors-table.js';

// How the spec's Markdown is read into the statements rules cite: blocks, sentences, sections, strengths, and the
// Errors table's "Seen on" column the sweeps take their codes from.

describe('sentences', () => {
  it.each<[string, string, string[]]>([
    ['split after a stop and a capital', 'One rule. Another rule! A third? Yes.', ['One rule.', 'Another rule!', 'A third?', 'Yes.']],
    ['not before a lower-case letter (an abbreviation)', 'Values e.g. ten are fine. Next.', ['Values e.g. ten are fine.', 'Next.']],
    ['never inside a code span', 'Use `/v<major.minor>`. Then `sdk.js. Still code` here. End.', ['Use `/v<major.minor>`.', 'Then `sdk.js. Still code` here.', 'End.']],
    ['a closing bracket, quote or bold mark stays with its sentence', 'It is **required.** Then "quoted." After (aside.) Done', ['It is **required.**', 'Then "quoted."', 'After (aside.)', 'Done']],
    ['a stop at the very end', 'Just one.', ['Just one.']],
    ['text without a stop is one sentence', 'no stop here', ['no stop here']],
    ['a stop followed by a digit splits', 'Up to 100. 200 is refused.', ['Up to 100.', '200 is refused.']],
  ])('%s', (_, text, sentences) => {
    expect(splitSentences(text)).toEqual(sentences);
  });
});

describe('text as cites and statements are compared', () => {
  it.each<[string, string, string]>([
    ['bold and code marks dropped', 'The **limit** is `100`.', 'The limit is 100.'],
    ['whitespace collapsed', '  two\n  lines\tjoined ', 'two lines joined'],
    ['a table row without its outer bars, cells spaced one way', '| 100 |  Invalid parameter|x |', '100 | Invalid parameter | x'],
    ['a row quoted without bars reads the same', '100 | Invalid parameter | x', '100 | Invalid parameter | x'],
  ])('%s', (_, text, normal) => {
    expect(normaliseText(text)).toBe(normal);
  });
});

describe('the strength a statement states', () => {
  const statement = (text: string) => ({ normalised: text }) as Statement;
  it.each<[string, 'MUST' | 'SHOULD']>([
    ['Values above 100 give an error.', 'MUST'],
    ['Specifying a version is recommended.', 'SHOULD'],
    ['Clients should retry later.', 'SHOULD'],
    ['2 seconds recommended, never above 4 seconds.', 'MUST'],
    ['10 MB; .png 1 MB but recommended smaller.', 'SHOULD'],
    ['Callbacks are recommended to answer fast.', 'SHOULD'],
    ['Shouldered costs are billed.', 'MUST'],
  ])('%s is %s', (text, strength) => {
    expect(statementStrength(statement(text))).toBe(strength);
  });
});

describe('sections', () => {
  it.each<[string, string, boolean]>([
    ['Endpoints', 'Endpoints › Page feed', true],
    ['Endpoints › Page feed', 'Endpoints › Page feed', true],
    ['Resources', 'Resources and their fields › Post', true],
    ['List results', 'List results (common to every list) › Paging', true],
    ['Page', 'Page feed', true],
    ['Pag', 'Page feed', false],
    ['Endpoints › Photos', 'Endpoints › Page feed', false],
    ['Endpoints › Page feed › Query', 'Endpoints › Page feed', false],
    ['Errors', 'Endpoints › Errors', false],
  ])('a cite of %j is in %j: %s', (cite, section, inside) => {
    expect(inSectionOf(cite, section)).toBe(inside);
  });

  it('a heading naming its endpoint after a colon is cited by its words', () => {
    expect(sectionName('Page photos: `/{page_id}/photos`')).toBe('Page photos');
    expect(sectionName('Errors')).toBe('Errors');
  });
});

describe('the blocks of the spec', () => {
  const SPEC = [
    '# The interface',
    'Intro paragraph',
    'on two lines.',
    '',
    '## Endpoints',
    '### Page feed: `/{page_id}/feed`',
    'Query parameters:',
    '- `limit`: at most 100.',
    '  Continued here.',
    '- `after`: a cursor.',
    '',
    '| Field | Type |',
    '|---|---|',
    '| id | string |',
    '## Errors',
    'A paragraph that is long enough to be no label at all, ending with a colon:',
    '1. first',
  ].join('\n');
  const blocks = markdownBlocks(SPEC);

  it('are paragraphs, list items and table rows, each under its section path (from the title, or a ## down) and line', () => {
    expect(blocks.map(({ kind, text, section, line }) => [kind, text, section, line])).toEqual([
      ['paragraph', 'Intro paragraph on two lines.', 'The interface', 2],
      ['paragraph', 'Query parameters:', 'Endpoints › Page feed', 7],
      ['item', '`limit`: at most 100. Continued here.', 'Endpoints › Page feed', 8],
      ['item', '`after`: a cursor.', 'Endpoints › Page feed', 10],
      ['row', '| id | string |', 'Endpoints › Page feed', 14],
      ['paragraph', 'A paragraph that is long enough to be no label at all, ending with a colon:', 'Errors', 16],
      ['item', 'first', 'Errors', 17],
    ]);
  });

  it('give a table row its header, and a list the short label that heads it', () => {
    expect(blocks[4]?.header).toBe('| Field | Type |');
    expect(blocks[2]?.lead).toBe('Query parameters:');
    expect(blocks[3]?.lead).toBe('Query parameters:');
    // The table follows a list, not the label: it has none.
    expect(blocks[4]?.lead).toBeUndefined();
    expect(blocks[6]?.lead).toBeUndefined();
  });

  it.each<[string, string | undefined]>([
    ['Rules:', 'Rules:'],
    ['Some context first. Query parameters:', 'Query parameters:'],
    ['The following seven words are in this label:', undefined],
    ['No colon at the end.', undefined],
  ])('%j ends in the label %j', (paragraph, label) => {
    expect(labelAtEnd(paragraph)).toBe(label);
  });
});

describe("the codes the Errors table lists for an operation ('Seen on')", () => {
  const TABLE = [
    '## Errors',
    '| Code | Meaning | Seen on |',
    '|---|---|---|',
    '| 100 | Invalid parameter | all listed operations |',
    '| 190 | Invalid token | all listed operations except thread read |',
    '| 200 | Permissions | photos read and create, template delete |',
    '| 80004 | Too many calls | template read, create |',
    '| n/a | not a code | feed read |',
    '## Other',
    '| Code | Meaning | Seen on |',
    '|---|---|---|',
    '| 999 | elsewhere | feed read |',
  ].join('\n');
  const codes = (...names: string[]) => codesSeenOn(markdownBlocks(TABLE), names).map((c) => c.code);

  it.each<[string[], number[]]>([
    [['feed read'], [100, 190]],
    [['thread read'], [100]],
    [['photos read'], [100, 190, 200]],
    [['photos create'], [100, 190, 200]],
    [['template delete'], [100, 190, 200]],
    [['template create'], [100, 190, 80004]],
    [['Template Read'], [100, 190, 80004]],
    [['photos delete'], [100, 190]],
  ])('%j: %j', (names, expected) => {
    expect(codes(...names)).toEqual(expected);
  });

  it('cites the row each code comes from', () => {
    expect(codesSeenOn(markdownBlocks(TABLE), ['feed read'])[0]?.cite).toEqual({ section: 'Errors', text: '| 100 | Invalid parameter | all listed operations |' });
  });
});
