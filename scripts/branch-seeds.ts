/**
 * Every branch on every seed, measured (issue 30): for each rule whose generated choices decide what a run judges
 * (Include Values on or off, a token kind, a filter: `generators/branch-cover.ts`), each fault switch the fault
 * matrix says makes it fail is turned on alone and the rule run on seed after seed; a pair that fails on fewer
 * seeds than it ran is printed with the seeds it passed on. Exit 1 when there is one, 2 on a bad flag.
 *
 * Run: node bin/run-ts.js scripts/branch-seeds.ts [--seeds N] [--first S] [--rule GLOB...] [--fault NAME...]
 * (default: 20 seeds from 1, every such rule and fault). The faults go one after another, each with its rules
 * together on each seed; a whole measure takes tens of minutes on 2 cores, so CI measures a sample
 * (test/scripts/branch-seeds.integration.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { branchPairs, measureBranchSeeds } from './branch-seeds-runs.js';
import { FAULT_MATRIX_FILE, parseFaultMatrix } from './fault-matrix-document.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    seeds: { type: 'string', default: '20' },
    first: { type: 'string', default: '1' },
    rule: { type: 'string', multiple: true },
    fault: { type: 'string', multiple: true },
  },
});
const count = Number(values.seeds);
const first = Number(values.first);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first)) {
  process.stderr.write('--seeds must be a positive whole number and --first a whole number\n');
  process.exit(2);
}
const matrix = parseFaultMatrix(await readFile(FAULT_MATRIX_FILE, 'utf8'));
const pairs = await branchPairs(matrix, { ...(values.rule ? { rules: values.rule } : {}), ...(values.fault ? { faults: values.fault } : {}) });
const seeds = Array.from({ length: count }, (_, i) => first + i);
process.stdout.write(`${pairs.length} rule and fault pairs on ${count} seeds\n`);
const tally = await measureBranchSeeds(pairs, seeds, (line) => process.stdout.write(`${line}\n`));
const short = tally.filter((t) => t.failedOn.length < seeds.length);
for (const t of short) process.stdout.write(`SHORT ${t.rule} under ${t.fault}: failed on ${t.failedOn.length} of ${seeds.length} seeds; passed on ${t.passedOn.join(', ')}\n`);
process.stdout.write(`${tally.length - short.length} of ${tally.length} pairs failed on every seed\n`);
process.exit(short.length > 0 ? 1 : 0);
