import type { RunResult } from '../model/index.js';
import type { Reporter } from './reporter.js';
import { writeReport } from './write-report.js';

/** Writes `report.json` (shape documented in docs/reports.md). Evidence is kept for failed and errored rules. */
export function jsonReporter(dir: string): Reporter {
  return {
    async onRunEnd(result: RunResult) {
      const slim = {
        ...result,
        results: result.results.map((r) => (r.verdict === 'passed' || r.verdict === 'skipped' ? { ...r, evidence: [] } : r)),
      };
      await writeReport(dir, 'report.json', `${JSON.stringify(slim, null, 2)}\n`);
    },
  };
}
