import { describe, expect, it } from 'vitest';
import { TooDeepError } from '../../../harness/errors.js';
import { jsonTooDeepAt, MAX_NESTING, parseJson, valueNestingExceeds, yamlTooDeepAt } from '../../../harness/validation/nesting.js';
import { parseLocated } from '../../../harness/validation/yaml-locate.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nesting bounds, checked before any recursive walk', () => {
  it('JSON: the limit itself is read, one level more is refused, brackets in strings do not count', () => {
    expect(jsonTooDeepAt(nested(MAX_NESTING))).toBeUndefined();
    expect(jsonTooDeepAt(nested(MAX_NESTING + 1))).toBe(MAX_NESTING);
    expect(jsonTooDeepAt(JSON.stringify({ text: '['.repeat(5000), escaped: '\\"[[[[' }))).toBeUndefined();
    expect(parseJson(nested(3))).toEqual([[[]]]);
    expect(() => parseJson(nested(5000))).toThrow(TooDeepError);
  });

  it('YAML: deep flow collections and deep block sequences are refused before the yaml parser sees them', () => {
    expect(yamlTooDeepAt(nested(MAX_NESTING + 1))).toBeDefined();
    // `- - - ... x` 1,000 levels deep ran the yaml lexer out of memory: a fatal error, not an exception.
    expect(yamlTooDeepAt(`${'- '.repeat(1000)}x\n`)).toBeDefined();
    const indented = Array.from({ length: 600 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    expect(yamlTooDeepAt(indented)).toBeDefined();
    expect(yamlTooDeepAt('a:\n  - b: [1, {c: 2}]\n  - "[[[["\n')).toBeUndefined();
    // Brackets in quoted scalars (a VCR body, JSON on the marker line) are text, however many.
    const body = JSON.stringify({ body: '['.repeat(5000) });
    expect(yamlTooDeepAt(`--- ${body}\n- 'it''s [[[[ ${'['.repeat(300)}'\n- don't [x]\n`)).toBeUndefined();
  });

  it('parsed values: depth counted without recursion, aliases counted where they sit deepest', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(valueNestingExceeds(deep)).toBe(true);
    const shared = [[[1]]];
    expect(valueNestingExceeds({ a: shared, b: [[shared]] }, 6)).toBe(false);
    expect(valueNestingExceeds({ a: shared, b: [[[shared]]] }, 6)).toBe(true);
  });

  it('a YAML file nested too deep is a one-line problem with its line, not a crash', () => {
    const text = `contract: 1\nbase_url:\n  ${'- '.repeat(2000)}x\n`;
    const parsed = parseLocated(text);
    expect(parsed).toEqual({ error: { line: 3, message: expect.stringMatching(/nested deeper than 256 levels/) } });
  });
});
