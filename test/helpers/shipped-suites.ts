import { join } from 'node:path';
import { loadSuiteFile } from '../../harness/suite-loading/load-suite.js';
import { loadSuitesIndexed } from '../../harness/suite-loading/suite-index.js';
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

/**
 * Every shipped suite, loaded and validated once per test worker, as a command run in the worker (`runCli`) loads
 * them: the same in-process copy (`loadSuitesIndexed`), frozen, so a test that changed them would throw instead of
 * handing the next test something else. A load takes about a second of CPU, and the fault matrix alone makes ~250
 * runs. A test of loading itself calls `loadSuites`.
 */
export function everyShippedSuite(): Promise<Suite[]> {
  return loadSuitesIndexed(SUITES_DIR);
}
