import type { RuleResult, RunResult } from '../model/index.js';
import { runResult } from '../verdict/rule-result.js';
import { type RuleSelection, selectedRules } from '../suite/select-rules.js';
import type { Rule, Suite } from '../suite/suite.js';
import type { RunContext } from './run-context.js';
import { runRule } from './run-rule.js';

/** Hooks fired while a run goes on (reporters print progress from them). */
export interface RunEvents {
  /** Before any rule runs: how many will run. */
  onRunStart?(total: number): void;
  /** As each rule starts, with its place in the run (from 1). */
  onRuleStart?(rule: Rule, index: number): void;
  onRuleEnd?(result: RuleResult): void;
}

/** Runs the selected rules in suite order, one at a time (rules share the target's state and clock). */
export async function runSuites(
  suites: Suite[],
  selection: RuleSelection,
  ctx: RunContext,
  events: RunEvents = {},
): Promise<RunResult> {
  const startedAt = new Date().toISOString();
  const results: RuleResult[] = [];
  const selected = selectedRules(suites, selection);
  events.onRunStart?.(selected.length);
  for (const [i, { suite, rule }] of selected.entries()) {
    events.onRuleStart?.(rule, i + 1);
    const result = await runRule(rule, suite, ctx);
    results.push(result);
    events.onRuleEnd?.(result);
  }
  const baseUrl = ctx.target?.profile.base_url ?? ctx.callback?.url ?? '';
  return runResult({ baseUrl, source: ctx.targetSource }, ctx.seed, startedAt, results);
}
