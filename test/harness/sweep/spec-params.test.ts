import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../harness/coverage/markdown-blocks.js';
import { fieldParams, tableParams } from '../../../harness/sweep/spec-params.js';
import { parsePath, REMOVED, valueAt, withAt } from '../../../harness/sweep/value-path.js';

// How a sweep reads the parameters the spec lists (a table's rows, or sub-fields written out in a sentence), and
// the paths it sets a case's value at.

const SPEC = [
  '## Endpoints',
  '### Page feed: `/{page_id}/feed`',
  'Parameters:',
  '',
  '| Name | Type | Default | Required | Meaning |',
  '|---|---|---|---|---|',
  '| `message` | string | | yes | The text. |',
  '| `limit` | int | 25 | no | Page size (at most 100). |',
  '| `published` | bool | true | | Whether it is visible. |',
  '',
  'Targeting is sent as `targeting` with `age_max` int (65 or lower), `age_min` int (13 or higher, default 0), `genders` list of int. Later words.',
  '',
  '| Field | Notes |',
  '|---|---|',
  '| `geo` | An object. Keys: `countries` (list of string, ISO codes) and `regions` (list of objects with `key` int64). |',
  '| `status` | One of `kind` (enum `A`, `B`, `C`); `other` string. |',
].join('\n');
const blocks = markdownBlocks(SPEC);

describe("a table's rows as parameters", () => {
  const rows = tableParams(blocks, 'Endpoints › Page feed', 'limit')!;

  it('every row of the table that holds the named row, in order, with its columns', () => {
    expect(rows.map((r) => [r.names, r.typeText, r.defaultText, r.requiredText, r.notes])).toEqual([
      [['message'], 'string', undefined, 'yes', 'The text.'],
      [['limit'], 'int', '25', 'no', 'Page size (at most 100).'],
      [['published'], 'bool', 'true', undefined, 'Whether it is visible.'],
    ]);
  });

  it('each cites its own row', () => {
    expect(rows[1]?.cite).toEqual({ section: 'Endpoints › Page feed', text: '| `limit` | int | 25 | no | Page size (at most 100). |' });
  });

  it('nothing when the section has no such row', () => {
    expect(tableParams(blocks, 'Endpoints › Page feed', 'nope')).toBeUndefined();
    expect(tableParams(blocks, 'Endpoints › Photos', 'limit')).toBeUndefined();
  });
});

describe('sub-fields written out in a sentence', () => {
  it('each with its type and notes, up to the end of the sentence', () => {
    const found = fieldParams(blocks, 'Endpoints › Page feed', { text: 'with ' })!;
    expect(found.map((p) => [p.names, p.typeText, p.notes])).toEqual([
      [['age_max'], 'int', '65 or lower'],
      [['age_min'], 'int', '13 or higher, default 0'],
      [['genders'], 'list of int', ''],
    ]);
    expect(found[0]?.cite).toEqual({ section: 'Endpoints › Page feed', text: '`age_max` int (65 or lower)' });
  });

  it('in a table cell after given words, with nested objects at every depth', () => {
    const found = fieldParams(blocks, 'Endpoints › Page feed', { row: 'geo', after: 'Keys: ' })!;
    expect(found.map((p) => [p.names, p.typeText, p.notes, p.within])).toEqual([
      [['countries'], 'list of string', 'ISO codes', undefined],
      [['regions'], 'list of object', '', undefined],
      [['key'], 'int64', '', ['regions', 0]],
    ]);
  });

  it('an enum written in parentheses keeps every value in its type', () => {
    const found = fieldParams(blocks, 'Endpoints › Page feed', { row: 'status', column: 'Notes', after: 'One of ' })!;
    expect(found.map((p) => [p.names, p.typeText, p.notes])).toEqual([
      [['kind'], 'enum `A`, `B`, `C`', ''],
      [['other'], 'string', ''],
    ]);
  });

  it('nothing when the words are not in the section', () => {
    expect(fieldParams(blocks, 'Endpoints › Page feed', { text: 'not in the spec' })).toBeUndefined();
    expect(fieldParams(blocks, 'Endpoints › Page feed', { row: 'geo', after: 'Absent: ' })).toBeUndefined();
    expect(fieldParams(blocks, 'Endpoints › Page feed', { row: 'nothing' })).toBeUndefined();
  });
});

describe('paths into a request', () => {
  it.each<[string, (string | number)[]]>([
    ['limit', ['limit']],
    ['components[0].buttons[1].type', ['components', 0, 'buttons', 1, 'type']],
    ['geo_locations.regions[0].key', ['geo_locations', 'regions', 0, 'key']],
    ['a[10]', ['a', 10]],
  ])('%s', (text, path) => {
    expect(parsePath(text)).toEqual(path);
  });

  const value = { components: [{ type: 'BODY', buttons: [{ type: 'URL' }] }], name: 'n' };

  it('reads the value at a path, or nothing where the way stops', () => {
    expect(valueAt(value, ['components', 0, 'buttons', 0, 'type'])).toBe('URL');
    expect(valueAt(value, ['components', 3, 'type'])).toBeUndefined();
    expect(valueAt(value, ['name', 'deeper'])).toBeUndefined();
    expect(valueAt(value, [])).toBe(value);
  });

  it('sets a value in a copy, the original unchanged', () => {
    const changed = withAt(value, ['components', 0, 'buttons', 0, 'type'], 'PHONE_NUMBER');
    expect(valueAt(changed, ['components', 0, 'buttons', 0, 'type'])).toBe('PHONE_NUMBER');
    expect(value.components[0]?.buttons[0]?.type).toBe('URL');
    expect((changed as typeof value).name).toBe('n');
  });

  it('makes the objects and lists on the way where they are missing', () => {
    expect(withAt({}, ['geo', 'regions', 0, 'key'], 5)).toEqual({ geo: { regions: [{ key: 5 }] } });
    expect(withAt(undefined, ['a'], 1)).toEqual({ a: 1 });
  });

  it('removes a key, or a list item, for REMOVED', () => {
    expect(withAt({ a: 1, b: 2 }, ['a'], REMOVED)).toEqual({ b: 2 });
    expect(withAt({ list: [1, 2, 3] }, ['list', 1], REMOVED)).toEqual({ list: [1, 3] });
  });
});
