/**
 * `npm run regen`: writes every generated document (scripts/generated-documents.ts) and says how long each took.
 *   npm run regen                         everything: the cheap documents, the whole fault matrix, and the shipped
 *                                         cassette when what it records changed (scripts/cassette-staleness.ts)
 *   npm run regen -- --cheap              the cheap documents only (well under a minute)
 *   npm run regen -- --rule ID... | --fault NAME...
 *                                         the cheap documents, the fault matrix's rows of those rules or cells of
 *                                         those faults (a new rule: seconds; a new fault: one run), and the shipped
 *                                         cassette when what it records changed (never for a rule added)
 *   --jobs N                              processes for the fault matrix (default: one per core)
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { regenerateFaultMatrix } from './fault-matrix-runs.js';
import { hasFlag, listFlag } from './flags.js';
import { CHEAP_DOCUMENTS, cassetteIsStale } from './generated-documents.js';

async function timed(what: () => Promise<string>): Promise<void> {
  const started = performance.now();
  const line = await what();
  process.stdout.write(`${line} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}

for (const document of CHEAP_DOCUMENTS) {
  await timed(async () => {
    const current = await readFile(document.path, 'utf8').catch(() => '');
    const next = await document.render(current);
    if (next !== current) await writeFile(document.path, next);
    return `${document.path}: ${next === current ? 'current' : 'written'}`;
  });
}

const rules = listFlag('--rule');
const faults = listFlag('--fault');
const jobs = Number(listFlag('--jobs')[0] ?? availableParallelism());
if (!hasFlag('--cheap')) {
  await timed(() => regenerateFaultMatrix({ ...(rules.length ? { rules } : {}), ...(faults.length ? { faults } : {}), jobs }));
  // A rule added leaves the binary cassette alone (scripts/cassette-staleness.ts); `npm run record-cassette` forces it.
  if (await cassetteIsStale()) {
    const runTs = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
    const record = fileURLToPath(new URL('./record-reference-cassette.ts', import.meta.url));
    await timed(async () => (await promisify(execFile)(process.execPath, [runTs, record], { maxBuffer: 1024 * 1024 })).stdout.trim());
  }
}
