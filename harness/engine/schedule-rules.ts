import type { RuleResult } from '../model/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import { exclusivityOf } from './exclusivity.js';
import type { RunContext } from './run-context.js';
import { runRule } from './run-rule.js';
import type { RunEvents } from './run-suites.js';
import { Slots } from './slots.js';

/**
 * Runs the selected rules, `ctx.concurrency` at a time, in the run's order of starting:
 *
 * - a **shared** rule starts as soon as a slot is free (its property runs also take free slots);
 * - a rule that runs **alone** (`exclusivity.ts`) waits until every rule before it ended, and nothing starts
 *   until it ended: so each rule that runs alone meets the target exactly as a run one rule at a time leaves it;
 * - after a rule that ran alone and reset the target, the target is reset once more before the next shared rule
 *   (and once before the first one), so shared rules start from the fixtures and the clock where reset puts it.
 *
 * Results are handed on in the run's order (`onRuleEnd`), whatever order they ended in; `onRuleStart` and
 * `onRuleFinish` say what is in flight. `--concurrency 1` is the same schedule with one slot.
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
  let restore = true;
  let restoreProblem: string | undefined;
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
  for (let i = 0; i < selected.length && !failure; i++) {
    const { alone, reset } = exclusivityOf(selected[i]!.rule);
    if (alone) {
      await drain(inFlight);
      await slots.acquire();
      start(i);
      await drain(inFlight);
      restore ||= reset !== 'none';
      continue;
    }
    await slots.acquire();
    if (restore) {
      restore = false;
      restoreProblem = await resetTarget(ctx);
    }
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
 * Back to the fixtures before shared rules (none in flight): the run's start, or after a rule that ran alone and
 * reset. A target without `reset` is left as it is, as it always was; a failed reset is each shared rule's setup
 * problem until the next one succeeds.
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
