import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../harness/suite/template.js';
import { TemplateError } from '../../../harness/errors.js';
import { lookup } from '../../../harness/validation/lookup.js';

describe('templates', () => {
  const scope = { given: { n: 7, list: ['a', 'b'] }, clock: { now: 1000 }, s: 'x' };

  it('keeps the type of a whole-string template', () => {
    expect(evaluate('{{given.n}}', scope)).toBe(7);
    expect(evaluate('{{given.list}}', scope)).toEqual(['a', 'b']);
  });

  it('does arithmetic left to right with * first', () => {
    expect(evaluate('{{clock.now + given.n * 2 - 1}}', scope)).toBe(1013);
  });

  it('joins text, and strings with +', () => {
    expect(evaluate('id-{{given.n}}/{{s}}', scope)).toBe('id-7/x');
    expect(evaluate("{{'id,' + given.list}}", scope)).toBe('id,a,b');
  });

  it('refuses undefined names', () => {
    expect(() => evaluate('{{given.missing}}', scope)).toThrow(TemplateError);
  });

  it('never evaluates generated values (only suite text)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(evaluate('{{given.v}}', { given: { v: text } })).toBe(text);
      }),
    );
  });

  it('looks up array indexes and lengths', () => {
    expect(lookup({ data: [{ id: 'p' }] }, 'data[0].id')).toBe('p');
    expect(lookup({ data: [1, 2, 3] }, 'data.length')).toBe(3);
  });
});
