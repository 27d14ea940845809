import { type Check, eachExchange, isRecord } from './check.js';

interface Args {
  max?: number;
}

const DEFAULT_MAX = 1000;

/**
 * No notification holds more than `max` updates (reading R7: change items, or changed-field names, summed over
 * entries; the number of entries too).
 */
export const notificationBatchSize: Check = {
  name: 'notification-batch-size',
  acceptsAnyBody: true,
  explain: (raw) => {
    const max = ((raw ?? {}) as Args).max ?? DEFAULT_MAX;
    return `no notification holds more than ${max} updates, counted as change items over all entries (R7)`;
  },
  argsProblem: (raw) =>
    raw == null || (isRecord(raw) && (raw.max === undefined || Number.isInteger(raw.max)))
      ? undefined
      : 'notification-batch-size takes { max: <integer> }',
  run: (input, raw) => {
    const max = ((raw ?? {}) as Args).max ?? DEFAULT_MAX;
    return eachExchange(input, (_, body) => {
      const entries = isRecord(body) && Array.isArray(body.entry) ? body.entry.filter(isRecord) : [];
      const updates = entries.reduce((sum, e) => sum + countOf(e.changes) + countOf(e.changed_fields), 0);
      if (updates <= max && entries.length <= max) return [];
      return [
        {
          message: `one notification holds ${updates} updates in ${entries.length} entries, more than ${max} (R7)`,
          expected: max,
          actual: updates,
        },
      ];
    }).slice(0, 10);
  },
};

function countOf(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}
