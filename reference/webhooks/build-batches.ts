import type { StoredSubscription } from './subscription-store.js';
import type { Update } from './types.js';

/** Updates of one object type bound for one callback; sent as one POST per attempt. */
export interface Batch {
  url: string;
  object: string;
  includeValues: boolean;
  updates: Update[];
}

/** The spec's ceiling (Delivery rules; R7 counts change items). */
export const MAX_UPDATES_PER_BATCH = 1000;

/** Groups accepted updates by the subscription they go to, then cuts each group into batches. */
export function buildBatches(
  updates: Update[],
  matching: (u: Update) => StoredSubscription[],
  options: { maxPerBatch: number; dropEverySecond: boolean; emptyBatch?: boolean },
): Batch[] {
  const groups = new Map<StoredSubscription, Update[]>();
  for (const update of updates) {
    for (const sub of matching(update)) {
      const group = groups.get(sub) ?? [];
      group.push(update);
      groups.set(sub, group);
    }
  }
  const batches: Batch[] = [];
  for (const [sub, group] of groups) {
    const kept = options.dropEverySecond ? group.filter((_, i) => i % 2 === 0) : group;
    // The `webhooks-empty-entry` fault: one more notification, with no entry at all.
    if (options.emptyBatch) batches.push({ url: sub.callback_url, object: sub.object, includeValues: sub.includeValues, updates: [] });
    for (let start = 0; start < kept.length; start += options.maxPerBatch) {
      batches.push({
        url: sub.callback_url,
        object: sub.object,
        includeValues: sub.includeValues,
        updates: kept.slice(start, start + options.maxPerBatch),
      });
    }
  }
  return batches;
}
