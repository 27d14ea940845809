import type { RuleResult } from '../model/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import { exclusivityOf } from './exclusivity.js';
import type { RunContext } from './run-context.js';
import { runRule } from './run-rule.js';
import { serialLength } from './rule-length.js';
import type { RunEvents } from './run-suites.js';
import { Slots } from './slots.js';

/**
 * Runs the selected rules, `ctx.concurrency` at a time, in two blocks:
 *
 * - first every rule that runs **alone** (`exclusivity.ts`), one after the other in the run's order: each resets
 *   the target before it (or before each run), so it meets the target as a run one rule at a time leaves it;
 * - then, after one more reset (shared rules start from the fixtures and the clock where reset puts it), every
 *   **shared** rule, each as soon as a slot is free (its property runs also take free slots), the longest chains of
 *   requests first (`rule-length.ts`).
 *
 * Shared rules are never cut into short stretches between rules that run alone: each stretch ended with slots idle
 * while its longest rule finished, which at a 20 ms round trip cost a quarter of the run's wall. The order is the
 * same at every concurrency, so `--concurrency 1` runs the same schedule with one slot and meets the same states.
 * Results are handed on in the run's order (`onRuleEnd`), whatever order they ended in; `onRuleStart` and
 * `onRuleFinish` say what is in flight.
 */
export async function scheduleRules(
  selected: { suite: Suite; rule: Rule }[],
  ctx: RunContext,
  events: RunEvents,
): Promise<RuleResult[]> {
  const slots = new Slots(Math.max(1, ctx.concurrency ?? 1));
  const results: RuleResult[] = new Array<RuleResult>(selected.length);
  const inFlight = new Set<Promise<void>>();
  let emitted = 0;
  let failure: { error: unknown } | undefined;
  const run = async (i: number, setupProblem?: string): Promise<void> => {
    const { suite, rule } = selected[i]!;
    events.onRuleStart?.(rule, i + 1);
    try {
      results[i] = await runRule(rule, suite, ctx, { slots, ...(setupProblem ? { setupProblem } : {}) });
    } catch (error) {
      failure ??= { error };
      return;
    } finally {
      slots.release();
      events.onRuleFinish?.(rule, i + 1);
    }
    // Not `onRuleEnd?.(results[emitted++])`: without a listener that skips its argument, and the loop never ends.
    while (emitted < selected.length && results[emitted]) {
      const ended = results[emitted++]!;
      events.onRuleEnd?.(ended);
    }
  };
  const start = (i: number, setupProblem?: string) => {
    const running: Promise<void> = run(i, setupProblem).finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  const order = selected.map((_, i) => i);
  const alone = order.filter((i) => exclusivityOf(selected[i]!.rule).alone);
  // Longest first: what a rule's length changes is only when it starts, never what it meets.
  const length = (i: number) => serialLength(selected[i]!.rule, ctx);
  const shared = order.filter((i) => !exclusivityOf(selected[i]!.rule).alone).sort((a, b) => length(b) - length(a) || a - b);
  for (const i of alone) {
    if (failure) break;
    await slots.acquire();
    start(i);
    await drain(inFlight);
  }
  const restoreProblem = shared.length > 0 && !failure ? await resetTarget(ctx) : undefined;
  for (const i of shared) {
    if (failure) break;
    await slots.acquire();
    start(i, restoreProblem);
  }
  await drain(inFlight);
  if (failure) throw failure.error;
  return results;
}

async function drain(inFlight: Set<Promise<void>>): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Back to the fixtures before the shared rules (none in flight). A target without `reset` is left as it is, as it
 * always was; a failed reset is each shared rule's setup problem.
 */
async function resetTarget(ctx: RunContext): Promise<string | undefined> {
  const control = ctx.target?.control;
  if (!control?.has('reset')) return undefined;
  try {
    await control.reset();
    return undefined;
  } catch (error) {
    return `the reset before shared rules failed: ${(error as Error).message}`;
  }
}
