import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';
import { documentedMatrix } from './fault-matrix.js';

// Each fault's own run is in fault-matrix-<name>.integration.test.ts (FAULT_FILES), so they spread over the workers;
// that the matrix names a fault for every rule, and the files take every fault once, is fault-matrix.test.ts.
describe('every rule is judged by at least one fault of the reference target', () => {
  const documented = documentedMatrix();

  it('passes every rule against the correct reference, none skipped', async () => {
    // A seed no other test uses: with every-seed.integration.test.ts (the fixtures emptied), the slice of every seed.
    const result = await runAgainstReference({ seed: 13 });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.results.map((r) => r.rule).sort()).toEqual([...documented.keys()].sort());
  }, 180_000);
});
