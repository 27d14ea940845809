import type { RuleResult, RunResult } from '../model/index.js';

/** A reporter is a hook object over one run; it renders, it never changes a verdict. */
export interface Reporter {
  onRuleEnd?(result: RuleResult): void;
  onRunEnd?(result: RunResult): Promise<void> | void;
}
