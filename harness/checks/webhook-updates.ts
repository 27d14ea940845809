import { updateKey } from '../notification/dedupe.js';
import { type Update, updatesOf } from '../notification/updates-of.js';
import type { CheckInput } from './check.js';
import { acknowledged, type InjectedUpdate, type WebhookFacts } from './webhook-facts.js';

/** One notification as the update rules see it: its parsed body and whether the receiver acknowledged it. */
export interface SeenNotification {
  json: unknown;
  acknowledged: boolean;
}

/** A notification step's exchanges (receiver attempts) with their parsed bodies. */
export function seenNotifications(input: CheckInput): SeenNotification[] {
  return input.exchanges.map((exchange, i) => ({ json: input.bodies[i], acknowledged: acknowledged(exchange) }));
}

/**
 * The identity of an update as a subscription shows it: object, id, field, and the value when notifications
 * carry values (deep equality, key order ignored: NS-18 allows nothing beyond the injected value).
 */
export function deliveryKey(update: Pick<Update, 'object' | 'id' | 'field' | 'value'>, withValues: boolean): string {
  const known = keysOfUpdate.get(update);
  const cached = withValues ? known?.withValue : known?.name;
  if (cached !== undefined) return cached;
  const key = withValues ? `changes:${updateKey(update)}` : `fields:${updateKey({ ...update, value: undefined })}`;
  keysOfUpdate.set(update, { ...known, [withValues ? 'withValue' : 'name']: key });
  return key;
}

/** An update's keys, computed once: the updates injected in a run are asked after at every clock move. */
const keysOfUpdate = new WeakMap<object, Partial<DeliveredKeys>>();

/** Injected updates the target must deliver: sent while Live, for a subscribed object and field. */
export function expectedUpdates(facts: WebhookFacts): { update: InjectedUpdate; key: string }[] {
  const seen = new Set<string>();
  const expected: { update: InjectedUpdate; key: string }[] = [];
  for (const update of facts.injected) {
    const subscription = facts.subscriptions[update.object];
    if (!update.live || !subscription?.fields.includes(update.field)) continue;
    const key = deliveryKey(update, subscription.include_values);
    if (seen.has(key)) continue;
    seen.add(key);
    expected.push({ update, key });
  }
  return expected;
}

/** Every update carried by the notifications, in arrival order. */
export function updatesIn(notifications: readonly SeenNotification[]): Update[] {
  return updatesOf(notifications.map((n, i) => ({ seq: i + 1, json: n.json })));
}

/** What one notification delivered, as keys: an update's name, and its value's key in the `changes` form. */
interface DeliveredKeys {
  name: string;
  withValue?: string;
}

/**
 * A notification's keys, computed once per parsed body: a step waiting for deliveries asks after every clock move
 * (up to hundreds of times a rule) whether everything arrived, over every attempt so far.
 */
const keysOfBody = new WeakMap<object, DeliveredKeys[]>();

function deliveredKeys(json: unknown): DeliveredKeys[] {
  const cacheable = typeof json === 'object' && json !== null;
  const known = cacheable ? keysOfBody.get(json) : undefined;
  if (known) return known;
  const keys = updatesOf([{ seq: 1, json }]).map((u) => ({
    name: deliveryKey(u, false),
    ...(u.form === 'changes' ? { withValue: deliveryKey(u, true) } : {}),
  }));
  if (cacheable) keysOfBody.set(json, keys);
  return keys;
}

/**
 * What acknowledged notifications delivered. An update counts when its object, id and field arrived: in the
 * `changes` form with the injected value (deep equality), or in the `changed_fields` form, which carries none.
 * Which form a subscription should get is the values-form rule's business, not this one's.
 */
export function missingUpdates(facts: WebhookFacts, notifications: readonly SeenNotification[]): InjectedUpdate[] {
  const withValues = new Set<string>();
  const namesOnly = new Set<string>();
  const names = new Set<string>();
  for (const n of notifications) {
    if (!n.acknowledged) continue;
    for (const { name, withValue } of deliveredKeys(n.json)) {
      names.add(name);
      if (withValue !== undefined) withValues.add(withValue);
      else namesOnly.add(name);
    }
  }
  const arrived = (u: InjectedUpdate, values: boolean) =>
    values
      ? withValues.has(deliveryKey(u, true)) || namesOnly.has(deliveryKey(u, false))
      : names.has(deliveryKey(u, false));
  return expectedUpdates(facts)
    .filter(({ update }) => !arrived(update, facts.subscriptions[update.object]?.include_values === true))
    .map(({ update }) => update);
}
