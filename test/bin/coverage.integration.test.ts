import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASONS_FILE, SPEC_FILE } from '../../bin/commands/coverage.js';
import { buildCoverage } from '../../harness/coverage/build-coverage.js';
import { everyShippedSuite } from '../helpers/shipped-suites.js';

// The project's own spec, readings and suites, all of them: in the integration tier, though it opens no socket, for
// the seconds the whole shipped suites take to load. The command over small projects is coverage.test.ts.
describe("the project's own map", () => {
  it('finds every spec cite of every rule, and every reason, in the spec', async () => {
    const map = await buildCoverage(
      { spec: SPEC_FILE, readings: join(SPEC_FILE, '..', 'readings.md'), reasons: REASONS_FILE },
      await everyShippedSuite(),
    );
    expect(map.unmatchedCites).toEqual([]);
    const notShown = map.entries.filter((e) => /not shown/.test(e.statement.text));
    expect(notShown.filter((e) => !e.reasons.some((r) => r.kind === 'not-shown' && r.reading?.startsWith('NS-')))).toEqual([]);
  });
});
