import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../../reference/index.js';
import { documentedMatrix, documentedRulesByFault, FAULT_FILES, FAULT_GROUPS } from './fault-matrix.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

// docs/fault-matrix.md and the fault-matrix-<name> files, read: the runs they describe are the integration tier's
// (the correct reference passing every rule is test/suites/pass/behind-proxy.integration.test.ts).
describe('the fault matrix as documented', () => {
  const documented = documentedMatrix();

  it('lists exactly the rules a default run judges', async () => {
    const judged = (await everyShippedSuite()).flatMap((suite) => suite.rules).filter((rule) => (rule.side ?? 'service') === 'service');
    expect([...documented.keys()].sort()).toEqual(judged.map((rule) => rule.id).sort());
  });

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
