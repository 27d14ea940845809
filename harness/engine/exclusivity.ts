import { walksWhole } from '../sequence/judges/registry.js';
import { sharedListReasons, walksAFixturesList } from '../suite/shared-lists.js';
import type { Rule } from '../suite/suite.js';
import { alternativesOf, type Step, stepKind } from '../suite/step.js';
import { controlPlan } from './positive-control.js';
import { stepKinds } from './steps/registry.js';

/**
 * Whether a rule may share the target with other rules running at the same time, and how it resets.
 *
 * A rule runs **alone** when it changes or reads state that is the target's or the app's rather than its own: a
 * step says so (`StepKind.exclusive`: the clock, the app's subscriptions, the run's one receiver, an explicit
 * version, ...), it asks for a `reset` (which puts back the whole target), or its suite says why where no step
 * can show it (`exclusive: <why>`: a walk that counts every post of the Page, a fixture it deletes). Every other
 * rule owns its data (names from `{{unique}}`) and is **shared**: it runs beside other shared rules, never resets,
 * and never sees an exclusive rule at work.
 */
export interface Exclusivity {
  alone: boolean;
  /** Why it runs alone, one phrase per cause (`step 3 (clock): moves the target's clock`); empty when shared. */
  why: string[];
  /** When it resets the target: before the rule, before each property run, or never. */
  reset: 'rule' | 'each-run' | 'none';
}

const memo = new WeakMap<Rule, Exclusivity>();

/** The rule's exclusivity, worked out once per rule object (a rule's steps never change once loaded). */
export function exclusivityOf(rule: Rule): Exclusivity {
  let known = memo.get(rule);
  if (!known) memo.set(rule, (known = workOut(rule)));
  return known;
}

function workOut(rule: Rule): Exclusivity {
  const derived = derivedReasons(rule);
  const why = rule.exclusive ? [...derived, `the suite says: ${rule.exclusive}`] : derived;
  const alone = why.length > 0;
  // A rule that runs alone resets first as every rule used to (the state it observes starts from the fixtures),
  // unless it says `never`; a shared rule never resets, since others are at work on the same target.
  const reset = rule.reset === 'never' ? 'none' : (rule.reset ?? (alone ? 'rule' : 'none'));
  return { alone, why, reset };
}

/** What the rule's steps (and their positive controls) and its `reset:` show; not what the suite declares. */
export function derivedReasons(rule: Rule): string[] {
  const why: string[] = [];
  if (rule.reset === 'rule' || rule.reset === 'each-run') {
    why.push(`reset: ${rule.reset} puts the whole target back to its fixtures`);
  }
  // A `one_of` step counts by every alternative: the scheduler places the rule before any run chooses one.
  rule.steps.forEach((declared, i) => {
    for (const step of alternativesOf(declared) ?? [declared]) stepReasons(step, `step ${i + 1}`, why);
  });
  // A sequence's operations count as steps: any of them may be drawn. One judged against the model over a walk of a
  // fixture's list judges that list whole, as `each-item-once` does.
  for (const operation of rule.sequence?.operations ?? []) {
    const where = `operation ${operation.name}`;
    stepReasons(operation.step, where, why);
    const judged = walksWhole(operation.judge ?? []);
    const reason = judged && walksAFixturesList(operation.step) && `${where}: walks a list of a fixture and judges it whole against the model (${judged}): an item another rule adds or removes during the walk is not the target's`;
    if (reason && !why.includes(reason)) why.push(reason);
  }
  return why;
}

function stepReasons(step: Step, where: string, why: string[]): void {
  const plan = controlPlan(step);
  const { name, body } = stepKind(step);
  for (const [kind, stepBody] of [[name, body], ...(plan ? [[plan.kind, plan.body]] : [])] as [string, unknown][]) {
    const reason = stepKinds().get(kind)?.exclusive?.(stepBody);
    const line = reason && `${where} (${kind}): ${reason}`;
    if (line && !why.includes(line)) why.push(line);
  }
  for (const reason of sharedListReasons(step)) {
    if (!why.includes(`${where}: ${reason}`)) why.push(`${where}: ${reason}`);
  }
}
