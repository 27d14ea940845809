import { FAULTS } from '../../reference/faults.js';
import { runAgainstReference } from './run-reference.js';

/** For each fault of `areas`, the rules of `suites` that fail with that fault on (fixed seed). */
export async function faultMatrix(suites: string[] | undefined, areas: RegExp): Promise<Map<string, string[]>> {
  const matrix = new Map<string, string[]>();
  for (const fault of Object.keys(FAULTS).filter((f) => areas.test(f))) {
    const result = await runAgainstReference({ faults: [fault], suites, seed: 7 });
    matrix.set(
      fault,
      result.results.filter((r) => r.verdict === 'failed').map((r) => r.rule),
    );
  }
  return matrix;
}
