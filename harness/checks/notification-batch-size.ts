import { type Check, eachExchange, isRecord, judgedCount } from './check.js';
import { INTEGER, object, optional } from '../validation/json-schema.js';

export interface Args {
  max?: number;
}

const DEFAULT_MAX = 1000;

/**
 * No notification holds more than `max` updates (reading R7: change items, or changed-field names, summed over
 * entries; the number of entries too).
 */
export const notificationBatchSize: Check<Args | undefined> = {
  name: 'notification-batch-size',
  acceptsAnyBody: true,
  explain: (raw) => {
    const max = raw?.max ?? DEFAULT_MAX;
    return `no notification holds more than ${max} updates, counted as change items over all entries (R7)`;
  },
  args: optional(object({ max: INTEGER })),
  run: (input, raw) => {
    const max = raw?.max ?? DEFAULT_MAX;
    const findings = eachExchange(input, (_, body) => {
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
    });
    return judgedCount(findings.slice(0, 10), input.exchanges.length, 'no notification reached the receiver');
  },
};

function countOf(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}
