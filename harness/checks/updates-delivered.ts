import type { Check } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { shown } from './webhook-facts.js';
import { expectedUpdates, missingUpdates, seenNotifications } from './webhook-updates.js';

/**
 * Every update the rule injected while the app was Live, for a subscribed object and field, reached the receiver
 * in an acknowledged notification at least once (deduplicated as the spec tells receivers to; values compared by
 * deep equality with what was injected, NS-18).
 */
export const updatesDelivered: Check<null, 'webhook'> = {
  name: 'updates-delivered',
  needs: ['webhook'],
  acceptsAnyBody: true,
  explain: () =>
    'every injected update of a subscribed object and field arrives at least once ' +
    'in an acknowledged notification (deduplicated)',
  args: NO_ARGS,
  run: (input) => {
    const facts = input.facts.webhook;
    const expected = expectedUpdates(facts).length;
    if (expected === 0) {
      return { findings: [], judged: 0, nothingJudged: 'no update was due: none was injected while Live for a subscribed field' };
    }
    const missing = missingUpdates(facts, seenNotifications(input));
    if (missing.length === 0) return { findings: [], judged: expected };
    const first = missing[0]!;
    const waited = input.facts.waited ? ` (${input.facts.waited.summary})` : '';
    const example = `${first.object} ${first.id} ${first.field} ${shown(first.value, 80)}`;
    const message = `${missing.length} of ${expected} injected updates never arrived${waited}, e.g. ${example}`;
    return { findings: [{ message, expected: first }], judged: expected };
  },
};
