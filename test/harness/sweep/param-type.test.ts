import { describe, expect, it } from 'vitest';
import { parseConstraints, parseType } from '../../../harness/sweep/param-type.js';

describe("the spec's type words and the words beside them", () => {
  it('reads the Type column: Booleans, sized and unsigned integers, enums, numeric strings, lists', () => {
    expect(parseType('boolean')).toEqual({ kind: 'boolean' });
    expect(parseType('int64')).toEqual({ kind: 'int', bits: 64 });
    expect(parseType('unsigned int32')).toEqual({ kind: 'int', bits: 32, unsigned: true });
    expect(parseType('enum `profile`, `tagged`, `uploaded`')).toEqual({ kind: 'enum', values: ['profile', 'tagged', 'uploaded'] });
    expect(parseType('numeric string or integer')).toEqual({ kind: 'numeric' });
    expect(parseType('list of int64')).toEqual({ kind: 'list', of: { kind: 'int', bits: 64 } });
    expect(parseType('list of JSON objects')).toEqual({ kind: 'list', of: { kind: 'object' } });
    expect(parseType('a thing of its own')).toEqual({ kind: 'other', text: 'a thing of its own' });
  });

  it('reads ranges, one-sided bounds, listed integers, defaults and "required", never a condition', () => {
    expect(parseConstraints('0 to 360')).toMatchObject({ min: 0, max: 360 });
    expect(parseConstraints('-90 to 90')).toMatchObject({ min: -90, max: 90 });
    expect(parseConstraints('13 or higher, default 0')).toEqual({ min: 13, default: '0' });
    expect(parseConstraints('65 or lower')).toEqual({ max: 65 });
    expect(parseConstraints('1 male, 2 female, default both')).toEqual({ listed: [1, 2], default: 'both' });
    expect(parseConstraints('13, 15, 18, 21 or 25')).toEqual({ listed: [13, 15, 18, 21, 25] });
    expect(parseConstraints('required')).toEqual({ required: true });
    expect(parseConstraints('required for types A and B')).toEqual({});
    expect(parseConstraints('Required. The name.', { table: true })).toEqual({ required: true });
    expect(parseConstraints('The name. Required for types A.', { table: true })).toEqual({});
    expect(parseConstraints('any', { required: 'yes', default: '`false`' })).toEqual({ required: true, default: 'false' });
  });
});
