// What a step's own text shows of the lists other rules write to meanwhile: the checks it judges a list with and
// the path it reads (a fixture's list, not its own object's). Read from the suite alone; the scheduler's
// exclusivity (engine/exclusivity.ts) adds what the step kinds declare, and runs such a rule alone.
import { expectationName } from './step-roles.js';
import { type Step, stepKind } from './step.js';

/** Why a step must not share the target: each reading below that holds, as a phrase (empty: none). */
export function sharedListReasons(step: Step): string[] {
  return [comparesBeforeAndAfter(step), walksAFixturesListWhole(step), judgesItemsOfAFixturesList(step)].filter((r): r is string => !!r);
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

export function walksAFixturesList(step: Step): boolean {
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
