import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserInputError } from '../../harness/errors.js';
import type { RunResult } from '../../harness/model/index.js';
import { mergeResults } from '../../harness/reports/merge-results.js';
import { REPORT_FILES, reportersFor } from '../../harness/reports/reporters-for.js';
import { assertReportDir } from '../../harness/reports/write-report.js';
import { exitCodeFor, verdictLine } from '../../harness/run/gate.js';
import { REPORT_FORMATS } from '../../harness/run/run-plan.js';
import { loadSuitesIndexed } from '../../harness/engine/suite-index.js';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';

/** For callers that register this one command on a program of their own. */
export { register } from '../declarations/merge-reports.js';

export interface MergeFlags {
  reportDir: string;
  suitesDir?: string;
}


export async function mergeReportsCommand(dirs: string[], flags: MergeFlags, print: (text: string) => void): Promise<number> {
  await assertReportDir(flags.reportDir);
  const reports = await Promise.all(dirs.map(readReport));
  const suites = await loadSuitesIndexed(flags.suitesDir ?? SUITES_DIR);
  const merged = mergeResults(reports, dirs, suites.flatMap((s) => s.rules.map((r) => r.id)));
  for (const reporter of reportersFor(flags.reportDir, REPORT_FORMATS)) await reporter.onRunEnd?.(merged);
  print(`${verdictLine(merged)} (seed ${merged.seed}; ${dirs.length} reports merged)\n`);
  print(`reports: ${flags.reportDir}/${REPORT_FORMATS.map((f) => REPORT_FILES[f]).join(', ')}\n`);
  return exitCodeFor(merged);
}

async function readReport(dir: string): Promise<RunResult> {
  const file = join(dir, 'report.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read it (${code}); give the --report-dir of each shard's run`);
  }
  let report: Partial<RunResult>;
  try {
    report = JSON.parse(text) as Partial<RunResult>;
  } catch {
    throw new UserInputError('USAGE', `${file}: not JSON; give the report folder a graphcheck run wrote`);
  }
  if (report.tool?.name !== 'graphcheck' || !Array.isArray(report.results) || typeof report.seed !== 'number') {
    throw new UserInputError('USAGE', `${file}: not a graphcheck report.json (no tool, seed or results); give the report folder a graphcheck run wrote`);
  }
  return report as RunResult;
}
