import { writeFile } from 'node:fs/promises';
import { loadSuites } from './load-suite.js';
import { needsOf } from '../engine/needs.js';
import { storedSuites, SUITE_INDEX_FILE, type SuiteIndex, suitesKey } from './suite-index.js';

/** Loads and validates the suites of `dir` and writes them as the index `readSuiteIndex` reads (the build's step). */
export async function writeSuiteIndex(dir: string, indexFile = SUITE_INDEX_FILE): Promise<void> {
  const key = await suitesKey(dir);
  const suites = await loadSuites(dir);
  const index: SuiteIndex = {
    key,
    suites: storedSuites(suites),
    needs: Object.fromEntries(suites.flatMap((s) => s.rules.map((rule) => [rule.id, needsOf(rule)]))),
  };
  await writeFile(indexFile, JSON.stringify(index));
}
