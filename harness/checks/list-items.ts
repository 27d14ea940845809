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
