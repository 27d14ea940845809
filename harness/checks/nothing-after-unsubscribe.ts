import type { Check } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import type { InjectedUpdate } from './webhook-facts.js';
import { deliveryKey, seenNotifications, updatesIn } from './webhook-updates.js';

/**
 * After a DELETE that answered success, updates injected later for the removed object (or only the removed fields)
 * never arrive (spec: DELETE "Removes subscriptions"; States: Removed). An update arriving in the `changes` form is
 * matched with its value; in the `changed_fields` form only when no update injected before the removal looks the
 * same. What it judges is each removal that later updates spoke to.
 */
export const nothingAfterUnsubscribe: Check<null, 'webhook'> = {
  name: 'nothing-after-unsubscribe',
  needs: ['webhook'],
  acceptsAnyBody: true,
  explain: () => 'updates injected after a successful DELETE never arrive for the removed object or fields',
  args: NO_ARGS,
  run: (input) => {
    const facts = input.facts.webhook;
    const arrived = updatesIn(seenNotifications(input));
    let judged = 0;
    const findings = (facts.removed ?? []).flatMap((removal) => {
      const covers = (u: InjectedUpdate) =>
        (removal.object === undefined || u.object === removal.object) && (removal.fields === undefined || removal.fields.includes(u.field));
      const before = facts.injected.slice(0, removal.injectedBefore);
      const after = facts.injected.slice(removal.injectedBefore).filter(covers);
      if (after.length === 0) return [];
      judged += 1;
      const withValues = new Set(after.map((u) => deliveryKey(u, true)));
      const seenBefore = new Set(before.map((u) => deliveryKey(u, false)));
      const namesOnly = new Set(after.map((u) => deliveryKey(u, false)).filter((k) => !seenBefore.has(k)));
      const stray = arrived.find((u) =>
        u.form === 'changes' ? withValues.has(deliveryKey(u, true)) : namesOnly.has(deliveryKey(u, false)),
      );
      if (!stray) return [];
      const what = removal.object === undefined ? 'every subscription' : `${removal.object}${removal.fields ? ` fields ${removal.fields.join(', ')}` : ''}`;
      return [{ message: `an update of ${stray.object} ${stray.field} injected after the DELETE of ${what} was still delivered` }];
    });
    if (judged === 0) return { findings: [], judged: 0, nothingJudged: 'no update was injected after a successful DELETE for what it removed' };
    return { findings, judged };
  },
};
