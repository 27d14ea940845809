import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../../reference/index.js';
import { runAgainstReference } from '../../helpers/run-reference.js';
import { documentedMatrix, documentedRulesByFault, FAULT_FILES, FAULT_GROUPS } from './fault-matrix.js';

// Each fault's own run is in fault-matrix-<name>.integration.test.ts (FAULT_FILES), so they spread over the workers.
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

  it('judges every documented fault in exactly one of the fault-matrix-<name> files', () => {
    const groups = Object.values(FAULT_FILES).flat();
    expect(groups.sort()).toEqual(Object.keys(FAULT_GROUPS).sort());
    expect(Object.values(FAULT_GROUPS).flatMap((group) => Object.keys(group)).sort()).toEqual(Object.keys(FAULTS).sort());
    expect([...documentedRulesByFault().keys()].filter((fault) => !(fault in FAULTS))).toEqual([]);
    const missing = Object.keys(FAULT_FILES).filter((name) => !existsSync(new URL(`./fault-matrix-${name}.integration.test.ts`, import.meta.url)));
    expect(missing).toEqual([]);
  });
});
