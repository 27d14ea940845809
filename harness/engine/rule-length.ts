import type { Rule } from '../suite/suite.js';
import type { Step } from '../suite/step.js';
import { stepKind } from '../suite/step.js';
import { propertyRuns } from '../generators/property-runs.js';
import { advancesTo } from '../webhooks/drive-clock.js';
import type { CasesBody } from './steps/cases-step.js';
import type { DeliveriesBody } from './steps/deliveries-step.js';

/** What a `repeat:` with a templated count is taken to send. */
const TEMPLATED_REPEAT = 5;

/** What a `fill:` is taken to send: one item past a page of 25 (a common default size) and its looks at the list. */
const FILL = 28;

/** What a `walk:` is taken to send: the pages of a list are not known before it is walked. */
const WALK = 10;

/** What a `deliveries:` step that stops once everything arrived is taken to send: the zero advance and a jump or two. */
const DELIVERIES = 3;

/**
 * About how many requests a rule sends one after the other: the requests of one run times its runs (a sequence's
 * run: its setup, about half its longest sequence of operations, and its final reads), and a reset before each run
 * of a `reset: each-run` rule. Only an order: the scheduler starts the longest first, so a long chain (a sweep's
 * cases, a clock driven in 180 steps, twenty runs of a property) does not start last and hold the run's end while
 * the other slots idle. A shared rule's runs may spread over free slots, but in a full run none are free until its
 * end, so they are counted one after the other too.
 */
export function serialLength(rule: Rule, run: { runs: number; runsFloor?: number }): number {
  const perRun = rule.steps.reduce((n, step) => n + requestsOf(step), 0) + (rule.reset === 'each-run' ? 1 : 0);
  if (rule.sequence) return (perRun + (rule.sequence.max_operations ?? 10) / 2 + (rule.sequence.finally?.length ?? 0)) * propertyRuns(rule, run).runs;
  if (!rule.given) return perRun;
  return perRun * propertyRuns(rule, run).runs;
}

function requestsOf(step: Step): number {
  const { name, body } = stepKind(step);
  if (name === 'cases') {
    return (body as CasesBody).groups.reduce((n, g) => n + g.cases.length + (g.control === false ? 0 : 1), 0);
  }
  if (name === 'fill') return FILL;
  if (name === 'walk') return WALK;
  if (name === 'deliveries') return deliveriesLength(body as DeliveriesBody);
  if (name === 'repeat') {
    const count = Number((body as { count: unknown }).count);
    return Number.isFinite(count) ? count : TEMPLATED_REPEAT;
  }
  return 1;
}

/**
 * A clock driven to `advance_to` in growing steps (up to `fine_until`; unless `whole_way`: one advance) sends one
 * request a step.
 */
function deliveriesLength(body: DeliveriesBody): number {
  const horizon = Number(body.advance_to);
  if (body.whole_way === true || !Number.isFinite(horizon)) return DELIVERIES;
  const fineUntil = Number(body.fine_until);
  return DELIVERIES + advancesTo(horizon, Number.isFinite(fineUntil) ? fineUntil : undefined);
}
