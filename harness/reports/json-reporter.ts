import type { RunResult } from '../model/index.js';
import { slimResult } from './slim-evidence.js';

/**
 * `report.json` (shape documented in docs/reports.md). Evidence is kept for rules that did not pass or skip, each
 * body over 64 KiB as its size, SHA-256 and start.
 */
export function renderJson(result: RunResult): string {
  return `${JSON.stringify(reportJson(result), null, 2)}\n`;
}

export function reportJson(result: RunResult): RunResult {
  return {
    ...result,
    results: result.results.map((r) => (r.verdict === 'passed' || r.verdict === 'skipped' ? { ...r, evidence: [] } : slimResult(r))),
  };
}
