import type { RulesRun } from '../model/index.js';
import { type RuleSelection, selectedRules } from '../suite/select-rules.js';
import type { Suite } from '../suite/suite.js';
import type { RunContext } from './run-context.js';
import type { RunEvents } from './run-events.js';
import { scheduleRules } from './schedule-rules.js';

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
