/**
 * graphcheck's programmatic API: `import { run, webhookTest, check } from 'graphcheck'`. The same plans, the same
 * `execute` and the same reports as the command line, with options instead of flags; user mistakes throw
 * `UserInputError` (a `code` to test), a run that could not start at all `CannotJudgeError`.
 */
import { execute, type Executed } from '../harness/run/execute.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { type CheckOptions, checkFlagsOf, type OutputOptions, type RunOptions, runFlagsOf, type WebhookTestOptions, webhookTestFlagsOf } from './api-options.js';
import { checkPlan } from './check-plan.js';
import { loadConfig } from './config-file.js';
import { planFromFlags } from './plan-from-flags.js';
import { startReference } from './start-reference.js';
import { webhookTestPlan } from './webhook-test-plan.js';

export { CannotJudgeError, GraphcheckError, UserInputError } from '../harness/errors.js';
export type { Exchange, Finding, RuleResult, RunResult, RunSummary, Verdict } from '../harness/model/index.js';
export type { RunPlan } from '../harness/run/run-plan.js';
export { exitCodeFor, summarize } from '../harness/verdict/gate.js';
export type { CheckOptions, RunOptions, WebhookTestOptions } from './api-options.js';
export { type ListedRule, listRules } from './list-rules.js';

/** Runs the suites against a target and writes the reports, as `graphcheck run` does. */
export async function run(options: RunOptions = {}): Promise<Executed> {
  const plan = planFromFlags(runFlagsOf(options), await loadConfig(options.config));
  return executed(options.rateLimitBaseMs === undefined ? plan : { ...plan, rateLimitBaseMs: options.rateLimitBaseMs }, options);
}

/** Plays the service against an app's callback endpoint and writes the reports, as `graphcheck webhook-test` does. */
export function webhookTest(options: WebhookTestOptions): Promise<Executed> {
  return executed(webhookTestPlan(webhookTestFlagsOf(options)), options);
}

/** Judges recorded traffic and writes the reports, as `graphcheck check` does. */
export function check(options: CheckOptions): Promise<Executed> {
  return executed(checkPlan(checkFlagsOf(options)), options);
}

function executed(plan: RunPlan, options: OutputOptions): Promise<Executed> {
  return execute(plan, { print: options.print ?? (() => {}), startReference, ...(options.onRuleEnd ? { onRuleEnd: options.onRuleEnd } : {}) });
}
