import { isRecord } from './check.js';

/** The `data` items of every list result in a step, in order, with the index of the exchange that held each. */
export function listItems(bodies: unknown[]): { item: Record<string, unknown>; exchange: number }[] {
  return bodies.flatMap((body, exchange) => {
    const data = isRecord(body) ? body.data : undefined;
    return Array.isArray(data) ? data.filter(isRecord).map((item) => ({ item, exchange })) : [];
  });
}

export function itemId(item: Record<string, unknown>): string | undefined {
  return typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : undefined;
}

/**
 * What tells a listed item apart: its `id` (default), another field where the list has no ids (a subscription's
 * `object`, R30), or with `none` the whole item (a thread's messages, whose fields are not shown, NS-04).
 */
export function itemKey(item: unknown, key = 'id'): string | undefined {
  if (key === 'none') return JSON.stringify(item);
  if (!isRecord(item)) return undefined;
  const value = item[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
