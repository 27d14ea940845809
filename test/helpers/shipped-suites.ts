import { join } from 'node:path';
import { loadSuiteFile, loadSuites } from '../../harness/suite-loading/load-suite.js';
import { deepFreeze } from '../../harness/suite-loading/suite-index.js';
import type { Suite } from '../../harness/suite/suite.js';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';

/**
 * Some of the shipped suites, by name (`feed` for suites/feed.yaml), loaded and validated as `loadSuites` loads
 * each: for a unit test that judges a few shipped rules. The whole folder takes about a second to load, a suite a
 * tenth of that; each rule is judged on its own, so its verdict is the same beside the other suites or without.
 */
export function shippedSuites(...names: string[]): Promise<Suite[]> {
  return Promise.all(names.map((name) => loadSuiteFile(join(SUITES_DIR, `${name}.yaml`))));
}

let every: Promise<Suite[]> | undefined;

/**
 * Every shipped suite, read and validated by `loadSuites` once per test worker rather than once per use: a load
 * takes about a second of CPU, and the fault matrix alone makes ~250 runs. Frozen throughout, so a test that changed
 * them would throw instead of handing the next test something else. A test of loading itself calls `loadSuites`.
 */
export function everyShippedSuite(): Promise<Suite[]> {
  every ??= loadSuites(SUITES_DIR).then(deepFreeze);
  return every;
}
