export type ReportFormat = 'json' | 'junit' | 'markdown' | 'html';
export const REPORT_FORMATS: readonly ReportFormat[] = ['json', 'junit', 'markdown', 'html'];

/** The file each report format writes in the report folder. */
export const REPORT_FILES: Record<ReportFormat, string> = {
  json: 'report.json',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
};
