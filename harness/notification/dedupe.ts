import type { Update } from './updates-of.js';

/**
 * Keeps the first arrival of each update, as the spec tells receivers to ("The receiver deduplicates").
 * Identity is object, id, field and value (key order ignored); `time` is left out because a retry carries
 * its own sending time (reading R20).
 */
export function dedupe(updates: readonly Update[]): Update[] {
  const seen = new Set<string>();
  const kept: Update[] = [];
  for (const update of updates) {
    const key = updateKey(update);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(update);
  }
  return kept;
}

/** The identity `dedupe` uses; suites use it to match injected updates with delivered ones. */
export function updateKey(update: Pick<Update, 'object' | 'id' | 'field' | 'value'>): string {
  return JSON.stringify([update.object, update.id, update.field, canonical(update.value)]);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, canonical(record[key])]),
    );
  }
  return value;
}
