import { describe, expect, it } from 'vitest';
import { CiteMatcher } from '../../../harness/coverage/cite-matcher.js';
import { specStatements } from '../../../harness/coverage/spec-statements.js';
import { statementText } from '../../../harness/coverage/statement-text.js';

const SPEC = `# Title

Preamble sentence one. Preamble \`sdk.js\` stays whole, e.g. this.

## Endpoints

### Page feed: \`/{page_id}/feed\`

**GET \`/{page_id}/feed\`** returns posts. Paths take \`/v<major.minor>\`. \`limit\` caps the page size. Query parameters:

| Name | Type | Meaning |
|---|---|---|
| \`limit\` | int | Page size. At most 100. |
| \`after\` | string | |

- Expired posts can no longer be read.
- Two sentences here. And here.

### Thread: \`/{thread_id}\`

Create, update, delete: not supported.

## Limits

Create, update, delete: not supported.
`;

describe('the statements of a spec', () => {
  const statements = specStatements(SPEC);

  it('are its sentences, list items and table rows, under their section path', () => {
    expect(statements.map((s) => [s.section, s.kind, s.text])).toEqual([
      ['Title', 'sentence', 'Preamble sentence one.'],
      ['Title', 'sentence', 'Preamble `sdk.js` stays whole, e.g. this.'],
      ['Endpoints › Page feed', 'sentence', '**GET `/{page_id}/feed`** returns posts.'],
      ['Endpoints › Page feed', 'sentence', 'Paths take `/v<major.minor>`.'],
      ['Endpoints › Page feed', 'sentence', '`limit` caps the page size.'],
      ['Endpoints › Page feed', 'row', '| `limit` | int | Page size. At most 100. |'],
      ['Endpoints › Page feed', 'row', '| `after` | string | |'],
      ['Endpoints › Page feed', 'item', 'Expired posts can no longer be read.'],
      ['Endpoints › Page feed', 'item', 'Two sentences here.'],
      ['Endpoints › Page feed', 'item', 'And here.'],
      ['Endpoints › Thread', 'sentence', 'Create, update, delete: not supported.'],
      ['Limits', 'sentence', 'Create, update, delete: not supported.'],
    ]);
  });

  it('keep a short label ending in a colon as the lead of its table, not as a statement', () => {
    const row = statements.find((s) => s.kind === 'row')!;
    expect(row.lead).toBe('Query parameters:');
    expect(row.header).toBe('| Name | Type | Meaning |');
    expect(statementText(row)).toBe('Name: `limit`; Type: int; Meaning: Page size. At most 100.');
    expect(statements.find((s) => s.kind === 'item')?.lead).toBeUndefined();
  });

  it('have ids from the section and the text, unchanged when other statements move', () => {
    const ids = statements.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[10]).toMatch(/^thread-[0-9a-f]{6}$/);
    const moved = specStatements(SPEC.replace('Preamble sentence one. ', 'A new sentence. Preamble sentence one. '));
    expect(moved.map((s) => s.id)).toEqual(expect.arrayContaining(ids));
  });
});

describe('a cite quotes the statements it overlaps', () => {
  const statements = specStatements(SPEC);
  const matcher = new CiteMatcher(statements);
  const quoted = (section: string, text: string) => matcher.quoted({ section, text }).map((s) => s.text);

  it('a part of a sentence, a whole sentence, or a run over two', () => {
    expect(quoted('Endpoints › Page feed', 'caps the page')).toEqual(['`limit` caps the page size.']);
    expect(quoted('Endpoints › Page feed', 'Two sentences here. And')).toEqual(['Two sentences here.', 'And here.']);
  });

  it('with or without Markdown marks, a table row with or without its outer bars', () => {
    expect(quoted('Endpoints › Page feed', 'GET /{page_id}/feed returns posts.')).toHaveLength(1);
    expect(quoted('Endpoints › Page feed', '`limit` | int | Page size.')).toEqual(['| `limit` | int | Page size. At most 100. |']);
    expect(quoted('Endpoints › Page feed', '| `after` | string | |')).toEqual(['| `after` | string | |']);
  });

  it("within the cite's section first, named by its headings' first words; elsewhere only when that has none", () => {
    expect(matcher.quoted({ section: 'Endpoints › Thread', text: 'Create, update, delete: not supported.' }).map((s) => s.section)).toEqual([
      'Endpoints › Thread',
    ]);
    expect(quoted('Endpoints › Page', 'Expired posts')).toHaveLength(1);
    expect(quoted('Limits', 'Expired posts can no longer be read.')).toHaveLength(1);
    expect(quoted('Endpoints › Page feed', 'never written')).toEqual([]);
  });
});
