/**
 * One change as a receiver sees it, flattened out of a notification's `entry[]`. Built leniently (an `id` sent
 * as a number becomes a string) because type rules judge the raw payload; this view answers "what arrived".
 */
export interface Update {
  object: string;
  id: string;
  field: string;
  /** Present for the `changes` form (Include Values on); absent for `changed_fields`. */
  value?: unknown;
  /** `entry[].time` as sent; not coerced, so a wrong type stays visible. */
  time: unknown;
  form: 'changes' | 'changed_fields';
  /** `seq` of the attempt that carried it. */
  attempt: number;
}

/** The part of an attempt `updatesOf` reads; receiver attempts fit it. */
export interface ParsedAttempt {
  seq: number;
  json?: unknown;
}

/** Every update in every attempt, in arrival order; payloads that are not notifications contribute nothing. */
export function updatesOf(attempts: readonly ParsedAttempt[]): Update[] {
  const updates: Update[] = [];
  for (const attempt of attempts) {
    const payload = asRecord(attempt.json);
    if (!payload || !Array.isArray(payload.entry)) continue;
    const object = String(payload.object ?? '');
    for (const raw of payload.entry) {
      const entry = asRecord(raw);
      if (entry) updates.push(...updatesOfEntry(object, entry, attempt.seq));
    }
  }
  return updates;
}

function updatesOfEntry(object: string, entry: Record<string, unknown>, attempt: number): Update[] {
  const base = { object, id: String(entry.id ?? ''), time: entry.time, attempt };
  const updates: Update[] = [];
  if (Array.isArray(entry.changes)) {
    for (const raw of entry.changes) {
      const change = asRecord(raw);
      if (change)
        updates.push({ ...base, field: String(change.field ?? ''), value: change.value, form: 'changes' });
    }
  }
  if (Array.isArray(entry.changed_fields)) {
    for (const field of entry.changed_fields) {
      updates.push({ ...base, field: String(field), form: 'changed_fields' });
    }
  }
  return updates;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
