import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

// The shared sequence rules (own data, no clock): the cheap ones to run here; bench/sequence-detection.ts measures
// every sequence rule on 20 seeds and each area's fault on 10.
const RULES = ['comments.sequence-against-the-model', 'templates.sequence-against-the-model'];

describe('sequence rules against the reference', () => {
  it('pass the correct reference, each having judged something', async () => {
    const result = await runAgainstReference({ rules: RULES, seed: 3 });
    expect(result.results.map((r) => [r.rule, r.verdict])).toEqual(RULES.map((rule) => [rule, 'passed']));
    for (const r of result.results) expect(r.judged).toBeGreaterThan(0);
  });

  it('fail under a state fault with a shrunk story, its replay line naming the sequence path', async () => {
    const result = await runAgainstReference({ rules: [RULES[1]!], seed: 3, faults: ['templates-delete-by-name-keeps-one-language'] });
    const [r] = result.results;
    expect(r?.verdict).toBe('failed');
    expect(r?.sequence?.operations.length).toBeLessThanOrEqual(5);
    expect(r?.sequence?.operations.map((o) => o.operation)).toContain('delete-by-name');
    expect(r?.findings[0]?.message).toMatch(/still reads as it was, though the model holds it gone/);
    expect(r?.replay).toMatch(/--sequence-path \S+@/);
  });
});
