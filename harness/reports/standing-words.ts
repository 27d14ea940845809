import type { Standing } from '../verdict/gate.js';

/** The words every report uses for a rule's standing: console marks, and labels for Markdown and HTML. */
export const MARK: Record<Standing, string> = {
  passed: 'PASS',
  failed: 'FAIL',
  warned: 'WARN',
  skipped: 'SKIP',
  error: 'ERR ',
  known: 'KNOWN',
};

export const LABEL: Record<Standing, string> = {
  passed: 'passed',
  failed: 'failed',
  warned: 'warned (SHOULD failed)',
  skipped: 'skipped',
  error: 'error (could not judge)',
  known: 'known (baseline)',
};
