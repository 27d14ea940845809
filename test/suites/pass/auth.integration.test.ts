import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

const SUITES = ['authorization', 'versioning', 'errors', 'conventions'];

describe('the authorization, versioning, errors and conventions suites against the correct reference', () => {
  it.each([7, 1234])('pass every rule with seed %i, none skipped', async (seed) => {
    const result = await runAgainstReference({ suites: SUITES, seed });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    const bySuite = Object.fromEntries(SUITES.map((s) => [s, result.results.filter((r) => r.suite === s).length]));
    expect(bySuite).toEqual({ authorization: 26, versioning: 13, errors: 17, conventions: 3 });
  });
});
