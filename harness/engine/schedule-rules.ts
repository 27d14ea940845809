import type { RuleResult } from '../model/index.js';
import type { Session, SessionPool } from '../sessions/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import { exclusivityOf } from './exclusivity.js';
import type { RunContext, TargetSession } from './run-context.js';
import { runRule } from './run-rule.js';
import { serialLength } from './rule-length.js';
import type { RunEvents } from './run-events.js';
import { concurrencyFor, Slots } from './slots.js';

/**
 * Runs the selected rules, `ctx.concurrency` at a time. Without sessions, in two blocks:
 *
 * - first every rule that runs **alone** (`exclusivity.ts`), one after the other in the run's order: each resets
 *   the target before it (or before each run), so it meets the target as a run one rule at a time leaves it;
 * - then, after one more reset (shared rules start from the fixtures and the clock where reset puts it), every
 *   **shared** rule, each as soon as a slot is free (its property runs also take free slots), the longest chains of
 *   requests first (`rule-length.ts`).
 *
 * When the target serves sessions (contract §2.1) and more than one slot is free, a rule that needs the target
 * alone runs in a session of its own instead, beside the others (`inSessions`): a fresh session meets it as a reset
 * target would. Shared rules are never cut into short stretches between rules that run alone: each stretch ended
 * with slots idle while its longest rule finished, which at a 20 ms round trip cost a quarter of the run's wall.
 * Results are handed on in the run's order (`onRuleEnd`), whatever order they ended in; `onRuleStart` and
 * `onRuleFinish` say what is in flight.
 */
export async function scheduleRules(
  selected: { suite: Suite; rule: Rule }[],
  ctx: RunContext,
  events: RunEvents,
): Promise<RuleResult[]> {
  const slots = new Slots(concurrencyFor(ctx.concurrency, ctx.target?.client.roundTripMs()));
  const results: RuleResult[] = new Array<RuleResult>(selected.length);
  const inFlight = new Set<Promise<void>>();
  let emitted = 0;
  let failure: { error: unknown } | undefined;
  const run = async (i: number, lane: Lane): Promise<void> => {
    const { suite, rule } = selected[i]!;
    events.onRuleStart?.(rule, i + 1);
    try {
      const where = { ...ctx, slots, ...(lane.session ? { target: lane.session.world } : {}) };
      const { setupProblem } = lane;
      results[i] = await runRule(rule, suite, where, { ...(setupProblem ? { setupProblem } : {}), ...(lane.session ? { fresh: true } : {}) });
    } catch (error) {
      failure ??= { error };
      return;
    } finally {
      if (lane.session) ctx.target!.sessions!.release(lane.session);
      slots.release();
      events.onRuleFinish?.(rule, i + 1);
    }
    // Not `onRuleEnd?.(results[emitted++])`: without a listener that skips its argument, and the loop never ends.
    while (emitted < selected.length && results[emitted]) {
      const ended = results[emitted++]!;
      events.onRuleEnd?.(ended);
    }
  };
  const start = (i: number, lane: Lane = {}) => {
    const running: Promise<void> = run(i, lane).finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  const order = selected.map((_, i) => i);
  const isAlone = (i: number) => exclusivityOf(selected[i]!.rule).alone;
  // Longest first: what a rule's length changes is only when it starts, never what it meets.
  const length = (i: number) => serialLength(selected[i]!.rule, ctx);
  const alone = order.filter(isAlone);
  const shared = order.filter((i) => !isAlone(i)).sort((a, b) => length(b) - length(a) || a - b);
  const pool = ctx.target?.sessions;
  const queue = { slots, inFlight, start, failed: () => failure !== undefined, length };
  const longestFirst = (rules: number[]) => [...rules].sort((a, b) => length(b) - length(a) || a - b);
  const leftAlone = pool?.usable && slots.size > 1 && alone.length > 0 && selected.length > 1 ? await inSessions(longestFirst(alone), shared, pool, ctx, queue) : alone;
  leftAlone.sort((a, b) => a - b);
  if (leftAlone !== alone) await drain(inFlight);
  for (const i of leftAlone) {
    if (failure) break;
    await slots.acquire();
    start(i);
    await drain(inFlight);
  }
  if (leftAlone === alone) {
    const restoreProblem = shared.length > 0 && !failure ? await resetTarget(ctx) : undefined;
    for (const i of shared) {
      if (failure) break;
      await slots.acquire();
      start(i, restoreProblem ? { setupProblem: restoreProblem } : {});
    }
  }
  await drain(inFlight);
  if (failure) throw failure.error;
  return results;
}

/** Where one rule runs: in a session of its own, or on the target (with why it cannot start, if so). */
interface Lane {
  session?: Session<TargetSession>;
  setupProblem?: string;
}

interface Queue {
  slots: Slots;
  inFlight: Set<Promise<void>>;
  start(i: number, lane?: Lane): void;
  failed(): boolean;
  length(i: number): number;
}

/**
 * The target reset once (shared rules start from the fixtures), then every rule as soon as a slot is free: each
 * rule that needs the target alone in a session of its own, and the shared ones beside them, the longest of either
 * kind first (a fresh session meets every rule alike, so the order changes no verdict): a long rule of either kind
 * started last holds the run's end while the other slots idle. At the target's limit (429 with sessions of the run's own live) shared rules fill the slots until
 * one of them ends. Answers the rules left to run alone on the target after all others (in the run's order): those
 * no session could be opened for (a 429 with none of the run's live, a refused session profile), each of which
 * resets the target before it as without sessions.
 */
async function inSessions(alone: number[], shared: number[], pool: SessionPool<TargetSession>, ctx: RunContext, queue: Queue): Promise<number[]> {
  const restoreProblem = shared.length > 0 ? await resetTarget(ctx) : undefined;
  const sharedLane = restoreProblem ? { setupProblem: restoreProblem } : {};
  const waiting = [...alone];
  const next = [...shared];
  while ((waiting.length > 0 || next.length > 0) && !queue.failed()) {
    await queue.slots.acquire();
    const loneFirst = next.length === 0 || (waiting.length > 0 && queue.length(waiting[0]!) >= queue.length(next[0]!));
    if (loneFirst && waiting.length > 0 && pool.usable && !pool.full) {
      const session = await pool.open();
      if (session !== 'full' && session !== 'none') {
        queue.start(waiting.shift()!, { session });
        continue;
      }
    }
    if (next.length > 0) {
      queue.start(next.shift()!, sharedLane);
      continue;
    }
    queue.slots.release();
    if (!pool.usable) break;
    // Only rules that need a session are left, and the target has as many as it allows: one of the run's ends.
    await Promise.race([pool.whenFree(), ...queue.inFlight]);
  }
  return waiting;
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
