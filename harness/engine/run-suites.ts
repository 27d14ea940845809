import type { RuleResult, RunResult, RunSummary } from '../model/index.js';
import { type RuleSelection, selectedRules } from '../suite/select-rules.js';
import type { Rule, Suite } from '../suite/suite.js';
import type { RunContext } from './run-context.js';
import { runRule } from './run-rule.js';

/** Hooks fired while a run goes on (the console reporter prints progress from them). */
export interface RunEvents {
  onRuleStart?(rule: Rule): void;
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
  for (const { suite, rule } of selectedRules(suites, selection)) {
    ctx.webhooks.ruleStarted(rule.id);
    events.onRuleStart?.(rule);
    const result = await runRule(rule, suite, ctx);
    results.push(result);
    events.onRuleEnd?.(result);
  }
  return {
    tool: { name: 'graphcheck', version: '0.1.0' },
    target: { baseUrl: ctx.profile.base_url, source: ctx.targetArgs.trim() || 'embedded reference' },
    seed: ctx.seed,
    startedAt,
    finishedAt: new Date().toISOString(),
    summary: summarize(results),
    results,
  };
}

export function summarize(results: RuleResult[]): RunSummary {
  const summary: RunSummary = { passed: 0, failed: 0, skipped: 0, error: 0 };
  for (const r of results) summary[r.verdict]++;
  return summary;
}

/** 0: every MUST rule passed or was skipped; 1: a MUST rule failed; 3: a rule could not be judged. */
export function exitCodeFor(result: RunResult): 0 | 1 | 3 {
  if (result.results.some((r) => r.verdict === 'failed' && r.strength === 'MUST')) return 1;
  if (result.results.some((r) => r.verdict === 'error')) return 3;
  return 0;
}
