import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

/** docs/fault-matrix.md rows: rule -> faults that make it fail. */
function documentedMatrix(): Map<string, string[]> {
  const rows = readFileSync('docs/fault-matrix.md', 'utf8').split('\n').filter((l) => l.startsWith('| `'));
  return new Map(
    rows.map((row) => {
      const [rule, , faults] = row.split('|').slice(1, 4).map((cell) => cell.trim());
      return [rule!.replace(/`/g, ''), [...faults!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)];
    }),
  );
}

describe('every rule is judged by at least one fault of the reference target', () => {
  const documented = documentedMatrix();

  it('passes every rule against the correct reference, none skipped', async () => {
    const result = await runAgainstReference({ seed: 7 });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.results.map((r) => r.rule).sort()).toEqual([...documented.keys()].sort());
  }, 180_000);

  it('lists at least one fault for every rule', () => {
    const orphans = [...documented].filter(([, faults]) => faults.length === 0).map(([rule]) => rule);
    expect(orphans).toEqual([]);
  });

  const byFault = new Map<string, string[]>();
  for (const [rule, faults] of documented) for (const f of faults) byFault.set(f, [...(byFault.get(f) ?? []), rule]);

  it.each([...byFault])('fault %s makes its rules fail', async (fault, rules) => {
    const result = await runAgainstReference({ faults: [fault], rules, seed: 7 });
    const verdicts = Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
    expect(verdicts).toEqual(Object.fromEntries(rules.map((r) => [r, 'failed'])));
  });
});
