import type { Rule } from '../suite/suite.js';
import { ruleAtStart } from '../engine/rule-start.js';
import type { TargetRunContext } from '../engine/run-context.js';

/** What a run of these rules against this target would judge (`graphcheck doctor`), before any rule runs. */
export interface Forecast {
  total: number;
  runnable: number;
  /** Why rules will be skipped (a profile key, a capability, an area not served) -> their ids. */
  skipped: Map<string, string[]>;
  /** Why rules will be `error` (a preflight problem) -> their ids. */
  errored: Map<string, string[]>;
  /** Alternatives rules will take instead of their first (a photo to comment on instead of a post) -> their ids. */
  detours: Map<string, string[]>;
}

/** The forecast of a run: each rule as the run would take it, skipped, error or runnable, by cause. */
export function forecast(rules: Rule[], ctx: TargetRunContext): Forecast {
  const result: Forecast = { total: rules.length, runnable: 0, skipped: new Map(), errored: new Map(), detours: new Map() };
  const add = (causes: Map<string, string[]>, cause: string, id: string) => causes.set(cause, [...(causes.get(cause) ?? []), id]);
  for (const declared of rules) {
    const start = ruleAtStart(declared, ctx);
    if ('skipped' in start) add(result.skipped, start.skipped, declared.id);
    else if (start.setup) add(result.errored, start.setup.problem, declared.id);
    else {
      result.runnable++;
      start.detours.forEach((detour) => add(result.detours, detour, declared.id));
    }
  }
  return result;
}
