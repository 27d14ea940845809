import { describe, expect, it } from 'vitest';
import { serialLength } from '../../../harness/engine/rule-length.js';
import type { Rule } from '../../../harness/suite/suite.js';

const request = { method: 'GET', path: '/me' };

function rule(steps: unknown[], extra: Partial<Rule> = {}): Rule {
  return { id: 'r', title: 'r', strength: 'MUST', cites: [], steps, ...extra } as Rule;
}

describe('the serial length of a rule (the order shared rules start in)', () => {
  it('counts each request step once, a repeat by its count and a templated repeat as five', () => {
    const steps = [{ request }, { repeat: { count: 7, request } }, { repeat: { count: '{{given.limit * 2}}', request } }];
    expect(serialLength(rule(steps), { runs: 3, concurrency: 1 })).toBe(1 + 7 + 5);
  });

  it("counts a cases step by its cases and each group's positive control, unless the group sends none", () => {
    const cases = { base: request, groups: [{ cases: [{ name: 'a' }, { name: 'b' }] }, { control: false, cases: [{ name: 'c' }] }] };
    expect(serialLength(rule([{ cases }]), { runs: 3, concurrency: 1 })).toBe(3 + 1);
  });

  it('spreads property runs over the slots: a rule of many runs is a short chain at high concurrency', () => {
    const property = rule([{ request }, { request }], { given: { n: { integer: { min: 1, max: 9 } } }, runs: 20 });
    expect(serialLength(property, { runs: 3, concurrency: 1 })).toBe(40);
    expect(serialLength(property, { runs: 3, concurrency: 8 })).toBe(2 * 3);
    expect(serialLength(property, { runs: 3, runsFloor: 40, concurrency: 8 })).toBe(2 * 5);
  });
});
