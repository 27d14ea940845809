/**
 * One process's share of the fault matrix (`scripts/fault-matrix-runs.ts`): the faults given as JSON, each on alone,
 * the rules run against the reference; prints `[fault, failed rules][]` as JSON.
 */
import { runAgainstReference } from '../test/helpers/run-reference.js';
import { FAULT_MATRIX_SEED } from './fault-matrix-document.js';
import type { FaultMatrixPart } from './fault-matrix-runs.js';

const work = JSON.parse(process.argv[2] ?? '{"faults":[]}') as FaultMatrixPart;
const found: [string, string[]][] = [];
for (const fault of work.faults) {
  const result = await runAgainstReference({ faults: [fault], seed: FAULT_MATRIX_SEED, ...(work.rules ? { rules: work.rules } : {}) });
  found.push([fault, result.results.filter((r) => r.verdict === 'failed').map((r) => r.rule)]);
}
process.stdout.write(JSON.stringify(found));
