import { describe, expect, it } from 'vitest';
import type { RuleResult, RunResult } from '../../../harness/model/index.js';
import { outputEdge } from '../../../harness/reports/output-edge.js';
import { echoOf, leaksOf, unsafeIn } from '../../helpers/hostile/planted.js';

const KNOWN = 'EAAKnownProfileToken0001';
const LEARNT = 'EAALearntFromTraffic0002';

function rule(id: string, extra: Partial<RuleResult> = {}): RuleResult {
  return { rule: id, suite: 'feed', title: 't', strength: 'MUST', verdict: 'failed', cites: [], readings: [], findings: [], evidence: [], replay: `graphcheck run --rule ${id}`, durationMs: 1, ...extra };
}

/** A run whose first rule quotes, in every field, a token only the second rule's traffic shows. */
function run(): RunResult {
  const echo = `${echoOf(LEARNT)} ${echoOf(KNOWN)}`;
  const first = rule('feed.a', {
    title: echo,
    reason: echo,
    cites: [{ section: echo, text: echo }],
    counterexample: { deep: [{ deeper: echo }] },
    findings: [{ check: 'x', message: echo, expected: { [echo]: [echo, 1, null, true] }, actual: echo }],
    known: echo,
  });
  const second = rule('feed.b', {
    evidence: [{ startedAt: '', durationMs: 1, request: { method: 'GET', url: `https://t.invalid/me?access_token=${LEARNT}`, headers: {} } }],
  });
  return {
    tool: { name: 'graphcheck', version: '0' },
    target: { baseUrl: echo, source: echo },
    seed: 1,
    startedAt: '',
    finishedAt: '',
    summary: { passed: 0, failed: 2, warned: 0, skipped: 0, error: 0, known: 0 },
    results: [first, second],
    notCheckable: [{ suite: 'feed', what: echo, cites: [], why: echo }],
  };
}

describe('the output edge', () => {
  it('redacts every string of a run, keys and nested values included, with what any rule taught it', () => {
    const edge = outputEdge({ values: [KNOWN] });
    // The first rule is shown before the second's traffic is seen: the run, at the end, knows both.
    const shownFirst = edge.rule(run().results[0]!);
    expect(leaksOf(JSON.stringify(shownFirst), KNOWN)).toEqual([]);
    const shown = JSON.stringify(edge.run({ ...run(), results: [shownFirst, run().results[1]!] }));
    expect(leaksOf(shown, KNOWN)).toEqual([]);
    expect(leaksOf(shown, LEARNT)).toEqual([]);
    expect(unsafeIn(shown)).toEqual([]);
    expect(shown).toContain('"replay":"graphcheck run --rule feed.a"');
  });

  it('with --show-secrets keeps them, and still makes the text inert', () => {
    const shown = outputEdge({ values: [KNOWN] }, { showSecrets: true }).run(run());
    const text = JSON.stringify(shown);
    expect(text).toContain(KNOWN);
    expect(unsafeIn(text)).toEqual([]);
    expect(unsafeIn(shown.results[0]!.reason!)).toEqual([]);
  });

  it('cuts a value nested past 64 levels instead of walking it', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const shown = outputEdge({ values: [] }).run({ ...run(), results: [rule('feed.a', { counterexample: deep })] });
    expect(JSON.stringify(shown)).toContain('(nested deeper than 64 levels: not shown)');
  });

  it('redacts and makes inert the lines it prints around', () => {
    const edge = outputEdge({ values: [KNOWN] });
    expect(edge.line(`graphcheck: https://t.invalid/?t=${KNOWN}\u001b[2J\n::error::x\n`)).toBe('graphcheck: https://t.invalid/?t=redacted-secret-1\\x1b[2J\n\\::error::x\n');
  });
});
