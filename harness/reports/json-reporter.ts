import type { RunResult } from '../model/index.js';
import type { Reporter } from './reporter.js';
import { slimResult } from './slim-evidence.js';
import { writeReport } from './write-report.js';

/**
 * Writes `report.json` (shape documented in docs/reports.md). Evidence is kept for rules that did not pass or
 * skip, each body over 64 KiB as its size, SHA-256 and start.
 */
export function jsonReporter(dir: string): Reporter {
  return {
    async onRunEnd(result: RunResult) {
      await writeReport(dir, 'report.json', `${JSON.stringify(reportJson(result), null, 2)}\n`);
    },
  };
}

export function reportJson(result: RunResult): RunResult {
  return {
    ...result,
    results: result.results.map((r) => (r.verdict === 'passed' || r.verdict === 'skipped' ? { ...r, evidence: [] } : slimResult(r))),
  };
}
