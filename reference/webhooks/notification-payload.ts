import type { Batch } from './build-batches.js';

type Entry = { id: string; time: number; uid?: string | number } & (
  | { changes: Array<{ field: string; value: unknown }> }
  | { changed_fields: string[] }
);

export interface NotificationPayload {
  object: string;
  entry: Entry[];
}

/**
 * The POST body of one attempt (spec: Events › Event notification). Updates of one object id share an entry;
 * without values a field name appears once per entry, so a repeated field opens a new entry and every update
 * stays countable (R7). A user object's entry carries `uid`, the user's id, as in the spec's user-object example
 * (a string; as a number under `webhooks-user-uid-as-number`).
 */
export function notificationPayload(
  batch: Batch,
  time: number,
  withValues: boolean,
  uidAsNumber = false,
): NotificationPayload {
  const entries: Entry[] = [];
  const openEntry = new Map<string, Entry>();
  for (const u of batch.updates) {
    let entry = openEntry.get(u.id);
    if (entry && 'changed_fields' in entry && entry.changed_fields.includes(u.field)) entry = undefined;
    if (!entry) {
      const uid = batch.object === 'user' ? { uid: uidAsNumber ? Number(u.id) : u.id } : {};
      entry = withValues ? { id: u.id, time, ...uid, changes: [] } : { id: u.id, time, ...uid, changed_fields: [] };
      entries.push(entry);
      openEntry.set(u.id, entry);
    }
    if ('changes' in entry)
      entry.changes.push({ field: u.field, value: u.value === undefined ? null : u.value });
    else entry.changed_fields.push(u.field);
  }
  return { object: batch.object, entry: entries };
}
