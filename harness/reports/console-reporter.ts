import type { RuleResult, RunResult } from '../model/index.js';
import { describeFailure } from './describe-failure.js';
import type { Reporter } from './reporter.js';

const MARK: Record<RuleResult['verdict'], string> = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', error: 'ERR ' };

export interface ConsoleOptions {
  /** List passed rules too (and, for recorded traffic, the rules it gave nothing to judge). */
  verbose?: boolean;
  /**
   * Judging recorded traffic (`check`): most rules find no exchange of theirs in any one recording, so skipped
   * rules are counted rather than listed, and there is no seed to print.
   */
  traffic?: boolean;
}

/** Progress as rules end, then each failure in full and the counts. */
export function consoleReporter(write: (text: string) => void, options: ConsoleOptions = {}): Reporter {
  const quiet = (r: RuleResult) =>
    (r.verdict === 'passed' || (r.verdict === 'skipped' && options.traffic)) && !options.verbose;
  return {
    onRuleEnd(r) {
      if (quiet(r)) return;
      const mark = r.verdict === 'failed' && r.strength === 'SHOULD' ? 'WARN' : MARK[r.verdict];
      write(`${mark} ${r.rule}${r.reason ? `: ${r.reason}` : ''}\n`);
    },
    onRunEnd(result: RunResult) {
      for (const r of result.results.filter((x) => x.verdict === 'failed' || x.verdict === 'error')) {
        write(`\n── ${r.rule} [${r.strength}] ${r.verdict.toUpperCase()}: ${r.title}\n${indent(describeFailure(r))}\n`);
      }
      const s = result.summary;
      const counts = `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.error} error`;
      if (!options.traffic) {
        write(`\n${counts} (seed ${result.seed})\n`);
        return;
      }
      const unlisted = options.verbose || s.skipped === 0 ? '' : ' (skipped: no recorded exchange they apply to; --verbose lists them)';
      write(`\n${counts}${unlisted}\n`);
    },
  };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');
}
