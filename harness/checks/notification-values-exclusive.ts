import { type Check, eachExchange, isRecord, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';

/**
 * No entry carries both `changes` and `changed_fields`: one is present only with Include Values on, the other
 * only with it off. Which one is due needs the subscription (`notification-values-form`); this needs nothing.
 */
export const notificationValuesExclusive: Check = {
  name: 'notification-values-exclusive',
  acceptsAnyBody: true,
  explain: () => 'no notification entry carries both `changes` and `changed_fields`',
  args: NO_ARGS,
  run: (input) =>
    judgedCount(
      eachExchange(input, (_, body) => {
      const entries = isRecord(body) && Array.isArray(body.entry) ? body.entry.filter(isRecord) : [];
      const both = entries.find((e) => e.changes !== undefined && e.changed_fields !== undefined);
      if (!both) return [];
      return [{ message: `entry ${JSON.stringify(both.id)} carries both \`changes\` and \`changed_fields\`` }];
    }).slice(0, 10),
      input.exchanges.length,
      'no notification reached the receiver',
    ),
};
