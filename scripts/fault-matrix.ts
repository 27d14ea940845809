/**
 * Writes docs/fault-matrix.md: for every rule, the reference fault switches that make it fail (seed 7).
 * Run: node bin/run-ts.js scripts/fault-matrix.ts [--rule ID...] [--fault NAME...] [--jobs N]
 * (`npm run regen` runs it with the other generated documents). `--rule` judges only those rules' rows under every
 * fault, `--fault` only those faults' cells; `--jobs`: processes, default one per core.
 */
import { availableParallelism } from 'node:os';
import { regenerateFaultMatrix } from './fault-matrix-runs.js';
import { listFlag } from './flags.js';

const jobs = listFlag('--jobs')[0];
const line = await regenerateFaultMatrix({
  ...(listFlag('--rule').length ? { rules: listFlag('--rule') } : {}),
  ...(listFlag('--fault').length ? { faults: listFlag('--fault') } : {}),
  jobs: jobs ? Number(jobs) : availableParallelism(),
});
process.stdout.write(`wrote ${line}\n`);
