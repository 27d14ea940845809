import { readFile } from 'node:fs/promises';
import { UserInputError } from '../errors.js';
import type { Suite } from '../suite/suite.js';
import { CITES as WEBHOOK_TEST_CITES } from '../webhook-test/citations.js';
import { type CoverageMap, coverageMap, type Judge, suiteJudges } from './coverage-map.js';
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

/** Reads the spec, its readings and the reasons, and maps every statement against the suites' rules and webhook-test. */
export async function buildCoverage(files: CoverageFiles, suites: Suite[]): Promise<CoverageMap> {
  const [spec, readings] = await Promise.all([
    readText(files.spec, 'the spec', '--spec'),
    readText(files.readings, 'the readings', '--readings'),
  ]);
  const reasons = files.reasons ? await loadReasonsFile(files.reasons) : undefined;
  const judges = [...suiteJudges(suites), ...webhookTestJudges()];
  return coverageMap(specStatements(spec), judges, suites, parseReadings(readings), reasons);
}

/** `graphcheck webhook-test` judges the app's receiver against the Events section; its checks count as judges. */
function webhookTestJudges(): Judge[] {
  return Object.entries(WEBHOOK_TEST_CITES).map(([name, cite]) => ({ id: `webhook-test.${name}`, cites: [cite] }));
}

async function readText(file: string, what: string, flag: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read ${what}; check the ${flag} path`);
  });
}
