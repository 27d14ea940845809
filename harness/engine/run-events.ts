import type { RuleResult } from '../model/index.js';
import type { Rule } from '../suite/suite.js';

/**
 * Hooks the scheduler fires while a run goes on (`RunEmitter.hooks`, harness/run/run-emitter.ts, makes them events
 * of the run's one stream).
 */
export interface RunEvents {
  /** Before any rule runs: how many will run. */
  onRunStart?(total: number): void;
  /** As each rule starts, with its place in the run (from 1); with `--concurrency`, others may be in flight. */
  onRuleStart?(rule: Rule, index: number): void;
  /** As a rule's work ends, in whatever order rules end (what is in flight). */
  onRuleFinish?(rule: Rule, index: number): void;
  /** Each rule's result, in the run's order (suite order), whatever order they ended in. */
  onRuleEnd?(result: RuleResult): void;
}
