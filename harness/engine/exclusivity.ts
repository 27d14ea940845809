import { walksWhole } from '../sequence/judges/registry.js';
import { expectationName } from '../suite/step-roles.js';
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
  for (const reason of [comparesBeforeAndAfter(step), walksAFixturesListWhole(step), judgesItemsOfAFixturesList(step)]) {
    if (reason && !why.includes(`${where}: ${reason}`)) why.push(`${where}: ${reason}`);
  }
}

/** Checks that judge what is new in a list since an earlier read: another rule's writes in between would count. */
const BEFORE_AND_AFTER = new Set(['new-item']);

function comparesBeforeAndAfter(step: Step): string | undefined {
  const name = (step.expect ?? []).map(expectationName).find((check) => BEFORE_AND_AFTER.has(check));
  return name && `compares a list with an earlier read of it (${name}): another rule's writes in between are not the target's`;
}

/**
 * Checks that judge a walk whole (no item twice, nothing past its end, a cursor's page against `next`'s, the total
 * against what was listed): they hold only while the list stands still.
 */
const WHOLE_WALK = new Set(['each-item-once', 'after-gives-next', 'walk-total-count']);

/**
 * A walk of a list that belongs to a fixture (the Page's photos, a video's comments), judged whole: other rules add
 * to and remove from those lists, and with cursors that count positions (the contract leaves cursors opaque) an
 * item added or removed during the walk shows up twice, or past the last page, on a correct target. A list under
 * the rule's own object (`{{captured...}}`) changes only by its own steps.
 */
function walksAFixturesListWhole(step: Step): string | undefined {
  if (!walksAFixturesList(step)) return undefined;
  const check = (step.expect ?? []).map(expectationName).find((c) => WHOLE_WALK.has(c));
  return check && `walks a list of a fixture whole (${check}): an item another rule adds or removes during the walk is not the target's`;
}

function walksAFixturesList(step: Step): boolean {
  const { name, body } = stepKind(step);
  if (name !== 'walk') return false;
  const path = (body as { request?: { path?: unknown } }).request?.path;
  return typeof path === 'string' && path.includes('{{fixtures.');
}

/** Checks that judge what every listed item holds (not one item the rule names by id, nor how many there are). */
const EVERY_ITEM = new Set(['every-item', 'items-have', 'in-order', 'present-items-match', 'schema']);

/** A list under a fixture (`/{{fixtures.page_id}}/photos`), not one object (`/{{fixtures.post_id}}`). */
const FIXTURE_LIST = /\{\{\s*fixtures\.[\w.]+\s*\}\}\/[A-Za-z_]/;

/**
 * A read of a list that belongs to a fixture (the Page's feed or photos, a video's comments) whose checks judge
 * every item listed: other rules add to those lists meanwhile, so which of their items the read meets, and so the
 * verdict, would depend on when they ran and on `--concurrency` (a target that shows one kind of item wrong fails
 * the rule or not by timing). Alone, after a reset, the list holds the fixtures and the rule's own items only. A
 * list under the rule's own object, or items looked up by id, need none of it.
 */
function judgesItemsOfAFixturesList(step: Step): string | undefined {
  const { name, body } = stepKind(step);
  const request = (name === 'request' ? body : (body as { request?: unknown }).request) as { method?: unknown; path?: unknown } | undefined;
  if (request?.method !== 'GET' || typeof request.path !== 'string' || !FIXTURE_LIST.test(request.path)) return undefined;
  const check = (step.expect ?? []).map(expectationName).find((c) => EVERY_ITEM.has(c));
  return check && `judges every item of a list of a fixture (${check}): which items other rules add meanwhile would decide the verdict, and change it with --concurrency`;
}
