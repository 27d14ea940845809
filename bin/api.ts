/**
 * graphcheck's programmatic API: `import { run, webhookTest, check } from 'graphcheck'`. The same plans, the same
 * `execute` and the same reports as the command line, with typed options instead of flags, planned by the same
 * `planOf`; user mistakes throw `UserInputError` (a `code` to test; a wrong option, `PlanOptionError`, names it),
 * a run that could not start at all `CannotJudgeError`.
 */
import { execute, type Executed } from '../harness/run/execute.js';
import { callbackPlanOf, planOf, trafficPlanOf } from '../harness/run/plan-of.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { type CheckOptions, type OutputOptions, planOptions, type RunOptions, type WebhookTestOptions } from './api-options.js';
import { loadConfig } from './config-file.js';
import { startReference } from './start-reference.js';

export { CannotJudgeError, GraphcheckError, PlanOptionError, UserInputError } from '../harness/errors.js';
export type { Exchange, Finding, RuleResult, RunResult, RunSummary, Verdict } from '../harness/model/index.js';
export type { RunPlan } from '../harness/run/run-plan.js';
export { exitCodeFor, summarize } from '../harness/verdict/gate.js';
export type { CheckOptions, RunOptions, WebhookTestOptions } from './api-options.js';
export { type ListedRule, listRules } from './list-rules.js';

/** Runs the suites against a target and writes the reports, as `graphcheck run` does. */
export async function run(options: RunOptions = {}): Promise<Executed> {
  const { config, ...rest } = planOptions(options);
  return executed(planOf(rest, await loadConfig(config)), options);
}

/** Plays the service against an app's callback endpoint and writes the reports, as `graphcheck webhook-test` does. */
export function webhookTest(options: WebhookTestOptions): Promise<Executed> {
  return executed(callbackPlanOf(planOptions(options)), options);
}

/** Judges recorded traffic and writes the reports, as `graphcheck check` does. */
export function check(options: CheckOptions): Promise<Executed> {
  return executed(trafficPlanOf(planOptions(options)), options);
}

function executed(plan: RunPlan, options: OutputOptions): Promise<Executed> {
  return execute(plan, { print: options.print ?? (() => {}), startReference, ...(options.onRuleEnd ? { onRuleEnd: options.onRuleEnd } : {}) });
}
