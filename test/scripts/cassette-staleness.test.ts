import { describe, expect, it } from 'vitest';
import type { Rule, Suite } from '../../harness/suite/suite.js';
import { cassetteStaleness, ruleFingerprints } from '../../scripts/cassette-staleness.js';

const rule = (id: string, changes: Partial<Rule> = {}): Rule => ({
  id,
  title: `rule ${id}`,
  strength: 'MUST',
  cites: [],
  steps: [{ request: { method: 'GET', path: '/me' }, expect: ['ok'] }],
  ...changes,
});
const suiteOf = (...rules: Rule[]): Suite[] => [{ suite: 's', title: 's', rules, file: 's.yaml', lineOf: () => undefined }];

describe('the shipped cassette is re-recorded only when what it records changed', () => {
  const recorded = suiteOf(rule('s.a'), rule('s.b'));
  const shipped = { seed: 1, exit: 0, verdicts: { 's.a': 'passed', 's.b': 'passed' }, fingerprints: ruleFingerprints(recorded) };

  it('stays current when a rule is added, or a title or cite changes', () => {
    const later = suiteOf(rule('s.a', { title: 'renamed in words', cites: [{ section: '3.1', text: 'x' }] }), rule('s.b'), rule('s.new'));
    expect(cassetteStaleness(shipped, later)).toEqual([]);
  });

  it('goes stale when a recorded rule is removed or sends other requests', () => {
    const later = suiteOf(rule('s.a', { steps: [{ request: { method: 'GET', path: '/me', query: { limit: 2 } } }] }));
    expect(cassetteStaleness(shipped, later)).toEqual(['s.a sends other requests now', 's.b was removed or renamed']);
  });

  it('does not depend on the order the YAML wrote the keys in', () => {
    const reordered = suiteOf(rule('s.a', { steps: [{ expect: ['ok'], request: { path: '/me', method: 'GET' } }] }), rule('s.b'));
    expect(cassetteStaleness(shipped, reordered)).toEqual([]);
  });
});
