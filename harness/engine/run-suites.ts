import type { RuleResult, RulesRun } from '../model/index.js';
import { type RuleSelection, selectedRules } from '../suite/select-rules.js';
import type { Rule, Suite } from '../suite/suite.js';
import type { RunContext } from './run-context.js';
import { scheduleRules } from './schedule-rules.js';

/** Hooks the scheduler fires while a run goes on (`RunEmitter.hooks` makes them events of the run's one stream). */
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

/**
 * Runs the selected rules in suite order, `ctx.concurrency` shared rules at a time and each rule that touches the
 * target's or the app's global state alone (`schedule-rules.ts`); the results in suite order, with when they ran
 * and against what. The run's result (counted, gated, as reports show it) is the reporting tail's to build.
 */
export async function runSuites(
  suites: Suite[],
  selection: RuleSelection,
  ctx: RunContext,
  events: RunEvents = {},
): Promise<RulesRun> {
  const startedAt = new Date().toISOString();
  const selected = selectedRules(suites, selection);
  events.onRunStart?.(selected.length);
  const results = await scheduleRules(selected, ctx, events);
  const baseUrl = ctx.target?.profile.base_url ?? ctx.callback?.url ?? '';
  return { target: { baseUrl, source: ctx.targetSource }, startedAt, finishedAt: new Date().toISOString(), results };
}
