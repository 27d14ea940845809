import { describe, expect, it } from 'vitest';
import type { RunContext } from '../../../harness/engine/run-context.js';
import { scheduleRules } from '../../../harness/engine/schedule-rules.js';
import type { RuleResult } from '../../../harness/model/index.js';
import type { Rule, Suite } from '../../../harness/suite/suite.js';

// Rules that play against a target, in a run without one: each ends at once (skipped), so the schedule's own
// bookkeeping is all that runs.
function rule(id: string, exclusive?: string, requests = 1): Rule {
  const request = { method: 'GET', path: '/me' };
  return {
    id,
    title: id,
    strength: 'MUST',
    cites: [],
    steps: [requests === 1 ? { request } : { repeat: { count: requests, request } }],
    ...(exclusive ? { exclusive } : {}),
  } as Rule;
}

const suite: Suite = { suite: 's', title: 's', rules: [], file: 's.yaml', lineOf: () => undefined };
const selected = [rule('s.a'), rule('s.b', 'counts every post'), rule('s.c'), rule('s.d')].map((r) => ({ suite, rule: r }));

function ctx(concurrency: number): RunContext {
  return { seed: 1, runs: 1, concurrency, replayCommand: (id) => `replay ${id}`, targetSource: 'none' };
}

describe('the schedule of rules', () => {
  it('ends and returns every result in order when no one listens for results (a run through the engine alone)', async () => {
    // `events.onRuleEnd?.(results[emitted++])` skipped the increment without a listener: this spun forever.
    const results = await scheduleRules(selected, ctx(3), {});
    expect(results.map((r) => [r.rule, r.verdict])).toEqual([
      ['s.a', 'skipped'],
      ['s.b', 'skipped'],
      ['s.c', 'skipped'],
      ['s.d', 'skipped'],
    ]);
  });

  it('hands each result on once, in the run order, at --concurrency 1 and above', async () => {
    for (const concurrency of [1, 3]) {
      const ended: RuleResult[] = [];
      const results = await scheduleRules(selected, ctx(concurrency), { onRuleEnd: (r) => ended.push(r) });
      expect(ended.map((r) => r.rule)).toEqual(['s.a', 's.b', 's.c', 's.d']);
      expect(ended).toEqual(results);
    }
  });

  it('starts the rules that run alone first, then the shared ones longest first, in the same order at any concurrency', async () => {
    const mixed = [rule('s.a'), rule('s.b', 'counts every post'), rule('s.c', undefined, 12), rule('s.d', undefined, 3), rule('s.e', 'deletes a fixture')]
      .map((r) => ({ suite, rule: r }));
    for (const concurrency of [1, 3]) {
      const started: string[] = [];
      const ended: string[] = [];
      await scheduleRules(mixed, ctx(concurrency), { onRuleStart: (r) => started.push(r.id), onRuleEnd: (r) => ended.push(r.rule) });
      expect(started).toEqual(['s.b', 's.e', 's.c', 's.d', 's.a']);
      expect(ended).toEqual(['s.a', 's.b', 's.c', 's.d', 's.e']);
    }
  });
});
