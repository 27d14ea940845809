import { describe, expect, it } from 'vitest';
import type { RuleResult, RunResult, Verdict } from '../../../harness/model/index.js';
import { exitCodeFor, verdictLine } from '../../../harness/verdict/gate.js';

function rule(verdict: Verdict, extra: Partial<RuleResult> = {}): RuleResult {
  return { rule: `r.${verdict}`, suite: 'r', title: 't', strength: 'MUST', verdict, cites: [], readings: [], findings: [], evidence: [], replay: '', durationMs: 0, ...extra };
}

function run(results: RuleResult[]): RunResult {
  return { results } as unknown as RunResult;
}

describe('the gate: a green run means something was judged', () => {
  it('is green when a rule passed beside skipped ones', () => {
    expect(exitCodeFor(run([rule('passed'), rule('skipped')]))).toBe(0);
    expect(verdictLine(run([rule('passed'), rule('skipped')]))).toMatch(/^PASSED: 1 passed/);
  });

  it('is not green when every rule was skipped: nothing showed the target does what the spec says', () => {
    const result = run([rule('skipped'), rule('skipped')]);
    expect(exitCodeFor(result)).toBe(3);
    expect(verdictLine(result)).toMatch(/^NOTHING JUDGED: 0 passed, 0 failed, 0 warned, 2 skipped, 0 error/);
  });

  it('is not green when no rule was selected at all', () => {
    expect(exitCodeFor(run([]))).toBe(3);
    expect(verdictLine(run([]))).toMatch(/^NOTHING JUDGED/);
  });

  it('keeps a failure first and an unjudged rule as could-not-judge', () => {
    expect(exitCodeFor(run([rule('failed'), rule('skipped')]))).toBe(1);
    expect(verdictLine(run([rule('error'), rule('skipped')]))).toMatch(/^COULD NOT JUDGE/);
  });

  it('counts a SHOULD warning as judged', () => {
    const result = run([rule('failed', { strength: 'SHOULD' }), rule('skipped')]);
    expect(exitCodeFor(result)).toBe(0);
    expect(verdictLine(result)).toMatch(/^PASSED WITH WARNINGS/);
  });
});
