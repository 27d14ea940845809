import type { RuleResult, RunResult } from '../model/index.js';

const MARK: Record<RuleResult['verdict'], string> = {
  passed: 'PASS',
  failed: 'FAIL',
  skipped: 'SKIP',
  error: 'ERR ',
};

/**
 * The console summary of a `webhook-test` run: one line per rule, the reason under each failure, and
 * SHOULD-level failures shown as warnings (WARN, as in every report) because they never change the exit code
 * without --strict (reading R14).
 */
export function formatSummary(result: RunResult): string {
  const lines = [`graphcheck webhook-test against ${result.target.baseUrl} (seed ${result.seed})`, ''];
  for (const rule of result.results) {
    const advice = rule.strength === 'SHOULD' && rule.verdict === 'failed';
    lines.push(
      `${advice ? 'WARN' : MARK[rule.verdict]}  ${rule.strength.padEnd(6)} ${rule.rule}  ${rule.title}`,
    );
    if (rule.verdict !== 'passed' && rule.reason) lines.push(`      ${rule.reason}`);
    if (rule.verdict === 'failed' && !advice)
      lines.push(`      cites: ${rule.cites[0]?.text ?? ''}`, `      replay: ${rule.replay}`);
  }
  const must = result.results.filter((r) => r.strength === 'MUST');
  const mustPassed = must.filter((r) => r.verdict === 'passed').length;
  const advice = result.results.filter((r) => r.strength === 'SHOULD' && r.verdict === 'failed').length;
  const errors = result.summary.error;
  lines.push('', `MUST: ${mustPassed}/${must.length} passed; warned: ${advice}; could not judge: ${errors}`);
  return lines.join('\n');
}
