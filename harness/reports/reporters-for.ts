import type { RunResult } from '../model/index.js';
import { renderHtml } from './html-reporter.js';
import { renderJson } from './json-reporter.js';
import { renderJunit } from './junit-reporter.js';
import { renderMarkdown } from './markdown-reporter.js';
import { REPORT_FILES, type ReportFormat } from './report-files.js';
import { writeReportSet } from './write-report.js';

/**
 * Each report file rendered from the whole result: `report.json`, `junit.xml` (one testcase per rule, skipped ones
 * with their reason), `summary.md` (for a CI job summary), `report.html` (one self-contained page, no network).
 */
const RENDER: Record<ReportFormat, (result: RunResult) => string> = {
  json: renderJson,
  junit: renderJunit,
  markdown: renderMarkdown,
  html: renderHtml,
};

/** The report files a run asks for, looked up by name, rendered once it ended and written as one set. */
export function writeReports(dir: string, formats: readonly ReportFormat[], result: RunResult): Promise<void> {
  return writeReportSet(dir, formats.map((format) => ({ name: REPORT_FILES[format], text: RENDER[format](result) })));
}

export { REPORT_FILES, REPORT_FORMATS, type ReportFormat } from './report-files.js';
