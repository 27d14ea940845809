import type { RuleResult, RunResult, RunSummary } from '../model/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import type { RunContext } from './run-context.js';
import { runRule } from './run-rule.js';

export interface RunSelection {
  suites?: string[];
  rules?: string[];
}

/** Hooks fired while a run goes on (the console reporter prints progress from them). */
export interface RunEvents {
  onRuleStart?(rule: Rule): void;
  onRuleEnd?(result: RuleResult): void;
}

/** Runs the selected rules in suite order, one at a time (rules share the target's state and clock). */
export async function runSuites(
  suites: Suite[],
  selection: RunSelection,
  ctx: RunContext,
  events: RunEvents = {},
): Promise<RunResult> {
  const startedAt = new Date().toISOString();
  const results: RuleResult[] = [];
  for (const suite of suites) {
    if (selection.suites?.length && !selection.suites.includes(suite.suite)) continue;
    for (const rule of suite.rules) {
      if (selection.rules?.length && !selection.rules.some((r) => matchesRule(r, rule.id))) continue;
      ctx.webhooks.ruleStarted(rule.id);
      events.onRuleStart?.(rule);
      const result = await runRule(rule, suite, ctx);
      results.push(result);
      events.onRuleEnd?.(result);
    }
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

/** `--rule feed.limit-*` selects by prefix; an exact id selects one rule. */
function matchesRule(pattern: string, id: string): boolean {
  return pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : pattern === id;
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
