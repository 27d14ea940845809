import { describe, expect, it } from 'vitest';
import { mismatches } from '../../../harness/checks/matchers.js';

describe('mismatches: the most specific finding first', () => {
  it('says a number where a string was expected, not that it misses the pattern', () => {
    expect(mismatches(9000102, { type: 'string', matches: '^[0-9]+$' })).toEqual(['is 9000102, expected a string']);
  });

  it('still says a string misses the pattern', () => {
    expect(mismatches('abc', { type: 'string', matches: '^[0-9]+$' })).toEqual(['is "abc", expected to match /^[0-9]+$/']);
  });

  it('says a missing value is missing before its type', () => {
    expect(mismatches(undefined, { exists: true, type: 'string' })).toEqual(['is missing', 'is undefined, expected a string']);
  });
});
