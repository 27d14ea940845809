import type { RuleResult, RunResult } from '../model/index.js';
import { describeFailure } from './describe-failure.js';
import type { Reporter } from './reporter.js';

const MARK: Record<RuleResult['verdict'], string> = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', error: 'ERR ' };

/** Progress as rules end, then each failure in full and the counts. */
export function consoleReporter(write: (text: string) => void, options: { verbose?: boolean } = {}): Reporter {
  return {
    onRuleEnd(r) {
      if (r.verdict === 'passed' && !options.verbose) return;
      const mark = r.verdict === 'failed' && r.strength === 'SHOULD' ? 'WARN' : MARK[r.verdict];
      write(`${mark} ${r.rule}${r.reason ? `: ${r.reason}` : ''}\n`);
    },
    onRunEnd(result: RunResult) {
      for (const r of result.results.filter((x) => x.verdict === 'failed' || x.verdict === 'error')) {
        write(`\n── ${r.rule} [${r.strength}] ${r.verdict.toUpperCase()}: ${r.title}\n${indent(describeFailure(r))}\n`);
      }
      const s = result.summary;
      write(`\n${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.error} error (seed ${result.seed})\n`);
    },
  };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');
}
