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
    expect(serialLength(rule(steps), { runs: 3 })).toBe(1 + 7 + 5);
  });

  it("counts a cases step by its cases and each group's positive control, unless the group sends none", () => {
    const cases = { base: request, groups: [{ cases: [{ name: 'a' }, { name: 'b' }] }, { control: false, cases: [{ name: 'c' }] }] };
    expect(serialLength(rule([{ cases }]), { runs: 3 })).toBe(3 + 1);
  });

  it('counts property runs one after the other (a full run has no slot free for them), a reset before each of an each-run rule', () => {
    const property = rule([{ request }, { request }], { given: { n: { integer: { min: 1, max: 9 } } }, runs: 20 });
    expect(serialLength(property, { runs: 3 })).toBe(40);
    expect(serialLength(property, { runs: 3, runsFloor: 40 })).toBe(2 * 40);
    expect(serialLength({ ...property, reset: 'each-run' }, { runs: 3 })).toBe(3 * 20);
  });

  it('counts a walk as ten pages, and a clock driven to its horizon by its growing steps (one advance when whole_way, or past fine_until)', () => {
    const walk = { walk: { request } };
    expect(serialLength(rule([walk]), { runs: 3 })).toBe(10);
    const driven = serialLength(rule([{ deliveries: { advance_to: 259200 } }]), { runs: 3 });
    expect(driven).toBeGreaterThan(150);
    expect(driven).toBeLessThan(200);
    expect(serialLength(rule([{ deliveries: { advance_to: 259200, whole_way: true } }]), { runs: 3 })).toBe(3);
    // Growing steps up to 36 h and a minute, then one advance to 72 h: the fourteen steps past 36 h are one.
    const fineFirst = serialLength(rule([{ deliveries: { advance_to: 259200, fine_until: 129660 } }]), { runs: 3 });
    expect(driven - fineFirst).toBe(14);
    expect(serialLength(rule([{ deliveries: {} }]), { runs: 3 })).toBe(3);
  });
});
