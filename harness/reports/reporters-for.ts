import { htmlReporter } from './html-reporter.js';
import { jsonReporter } from './json-reporter.js';
import { junitReporter } from './junit-reporter.js';
import { markdownReporter } from './markdown-reporter.js';
import type { ReportFormat } from './report-files.js';
import type { Reporter } from './reporter.js';

const REPORTERS: Record<ReportFormat, (dir: string) => Reporter> = {
  json: jsonReporter,
  junit: junitReporter,
  markdown: markdownReporter,
  html: htmlReporter,
};

/** The file reporters a run asks for, looked up by name. */
export function reportersFor(dir: string, formats: readonly ReportFormat[]): Reporter[] {
  return formats.map((f) => REPORTERS[f](dir));
}

export { REPORT_FILES, REPORT_FORMATS, type ReportFormat } from './report-files.js';
