import { readFile } from 'node:fs/promises';
import { UserInputError } from '../errors.js';
import type { Suite } from '../suite/suite.js';
import { type CoverageMap, coverageMap } from './coverage-map.js';
import { suiteJudges } from './judges.js';
import { parseReadings } from './readings.js';
import { loadReasonsFile } from './reasons-file.js';
import { specStatements } from './spec-statements.js';

export interface CoverageFiles {
  /** The spec's Markdown. */
  spec: string;
  /** The readings (`readings.md`), for the "not shown" readings and the reading names a reason may give. */
  readings: string;
  /** The reasons file; none = only the spec's "not shown" and the suites' `not_checkable` lists. */
  reasons?: string;
}

/**
 * Reads the spec, its readings and the reasons, and maps every statement against the suites' rules, of every side:
 * the service's, the client's, and the app's callback (`suites/webhook-test.yaml`, run by `graphcheck webhook-test`).
 */
export async function buildCoverage(files: CoverageFiles, suites: Suite[]): Promise<CoverageMap> {
  // Both are read at once, but a failure is reported in this order: with a missing --spec the readings beside it
  // are missing too, and the one line must name the spec whichever read failed first.
  const [spec, readings] = await Promise.allSettled([
    readText(files.spec, 'the spec', '--spec'),
    readText(files.readings, 'the readings', '--readings'),
  ]);
  if (spec.status === 'rejected') throw spec.reason;
  if (readings.status === 'rejected') throw readings.reason;
  const reasons = files.reasons ? await loadReasonsFile(files.reasons) : undefined;
  return coverageMap(specStatements(spec.value), suiteJudges(suites), suites, parseReadings(readings.value), reasons);
}

async function readText(file: string, what: string, flag: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read ${what}; check the ${flag} path`);
  });
}

