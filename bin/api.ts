/**
 * graphcheck's programmatic API: `import { run } from 'graphcheck'`. The same plan, run and reports as the
 * command line, with options instead of flags; user mistakes throw `UserInputError` (a `code` to test), a run
 * that could not start at all `CannotJudgeError`.
 */
import type { RunResult } from '../harness/model/index.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { loadConfig } from './config-file.js';
import { executePlan } from './execute-plan.js';
import { planFromFlags } from './plan-from-flags.js';
import { flagsOf, type RunOptions } from './run-options.js';

export { CannotJudgeError, GraphcheckError, UserInputError } from '../harness/errors.js';
export type { Exchange, Finding, RuleResult, RunResult, RunSummary, Verdict } from '../harness/model/index.js';
export type { RunPlan } from '../harness/run/run-plan.js';
export { exitCodeFor, summarize } from '../harness/verdict/gate.js';
export { type ListedRule, listRules } from './list-rules.js';
export type { RunOptions } from './run-options.js';

/** Runs the suites and writes the reports, as `graphcheck run` does; resolves with the result and the exit code. */
export async function run(options: RunOptions = {}): Promise<{ result: RunResult; exitCode: 0 | 1 | 3; plan: RunPlan }> {
  const plan = planFromFlags(flagsOf(options), await loadConfig(options.config));
  const { result, exitCode } = await executePlan(plan, { print: options.print ?? (() => {}), ...(options.onRuleEnd ? { onRuleEnd: options.onRuleEnd } : {}) });
  return { result, exitCode, plan };
}
