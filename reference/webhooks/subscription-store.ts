import type { Outcome, Subscription, UpsertParams, WebhookDeps } from './types.js';

/** A subscription as kept: the listed fields plus the delivery setting the list does not show. */
export interface StoredSubscription extends Subscription {
  includeValues: boolean;
}

export interface SubscriptionStore {
  list(): Subscription[];
  /** Applies an already verified POST: one subscription per object, fields unioned (R29), reactivated (R30). */
  apply(p: UpsertParams): void;
  remove(p: { object?: string; fields?: string[] }): Outcome;
  /** Active subscriptions that should receive an update of `field` on `object` (R31). */
  matching(object: string, field: string): StoredSubscription[];
  clear(): void;
}

export function createSubscriptionStore(deps: WebhookDeps): SubscriptionStore {
  const byObject = new Map<string, StoredSubscription>();
  // The `subscriptions-delete-keeps-delivering` fault: what DELETE removed, still matched for delivery.
  const removed = new Map<string, StoredSubscription>();
  // The `subscriptions-deleted-fields-return` fault: fields a DELETE with `fields` took, brought back by an amend.
  const dropped = new Map<string, string[]>();
  return {
    list: () =>
      [...byObject.values()].map((s) =>
        deps.fault('subscriptions-list-shape')
          ? (brokenView(s) as unknown as Subscription)
          : { ...publicView(s), fields: [...s.fields] },
      ),
    apply(p) {
      const existing = byObject.get(p.object);
      const kept = existing && !deps.fault('subscriptions-fields-overwritten') ? existing.fields : [];
      const keep = existing && deps.fault('subscriptions-deleted-fields-return') ? union(kept, dropped.get(p.object) ?? []) : kept;
      byObject.set(p.object, {
        object: p.object,
        callback_url: p.callback_url,
        fields: union(keep, p.fields),
        active: true,
        includeValues: p.include_values,
      });
    },
    remove(p) {
      const noFields = !p.fields || p.fields.length === 0;
      if (p.object === undefined && noFields && deps.fault('subscriptions-delete-all-ignored')) return { ok: true };
      const everyObject =
        p.object === undefined || (noFields && deps.fault('subscriptions-delete-object-removes-all'));
      const targets = everyObject ? [...byObject.values()] : [byObject.get(p.object ?? '')].flatMap((s) => s ?? []);
      const onlyFields =
        p.fields && p.fields.length > 0 && !deps.fault('subscriptions-delete-fields-removes-all');
      for (const sub of targets) {
        if (deps.fault('subscriptions-delete-keeps-delivering')) removed.set(sub.object, { ...sub, fields: [...sub.fields] });
        if (onlyFields) {
          dropped.set(sub.object, union(dropped.get(sub.object) ?? [], sub.fields.filter((f) => p.fields?.includes(f))));
          sub.fields = sub.fields.filter((f) => !p.fields?.includes(f));
        } else {
          byObject.delete(sub.object);
          dropped.delete(sub.object);
        }
      }
      return { ok: true };
    },
    matching(object, field) {
      const ghost = removed.get(object);
      if (ghost?.fields.includes(field)) return [ghost];
      const sub = byObject.get(object);
      if (!sub?.active) return [];
      const anyField = deps.fault('webhooks-unsubscribed-fields-delivered');
      return anyField || sub.fields.includes(field) ? [sub] : [];
    },
    clear: () => {
      byObject.clear();
      removed.clear();
      dropped.clear();
    },
  };
}

function publicView(s: StoredSubscription): Subscription {
  return { object: s.object, callback_url: s.callback_url, fields: s.fields, active: s.active };
}

/** The `subscriptions-list-shape` fault's list item. */
function brokenView(s: StoredSubscription): Record<string, unknown> {
  return { object: s.object, callback_url: s.callback_url, fields: s.fields.join(',') };
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}
