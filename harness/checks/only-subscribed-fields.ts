import { type Check, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { seenNotifications, updatesIn } from './webhook-updates.js';

/** Reading R31: a notification never carries a field (or object) the subscriptions do not name. */
export const onlySubscribedFields: Check<null, 'webhook'> = {
  name: 'only-subscribed-fields',
  needs: ['webhook'],
  acceptsAnyBody: true,
  explain: () => 'no notification carries an object or field that is not subscribed (R31)',
  args: NO_ARGS,
  run: (input) => {
    const facts = input.facts.webhook;
    const seen = seenNotifications(input);
    const findings = seen.flatMap((notification, i) => {
      const stray = updatesIn([notification]).find((u) => !facts.subscriptions[u.object]?.fields.includes(u.field));
      if (!stray) return [];
      const subscribed = facts.subscriptions[stray.object]?.fields.join(', ') || 'nothing';
      const message = `a notification carries ${stray.object} field \`${stray.field}\`, which is not subscribed`;
      return [{ message: `${message} (subscribed: ${subscribed}; R31)`, exchange: i }];
    });
    // Every injected update was held to it, whether it arrived or (unsubscribed) rightly did not.
    return judgedCount(findings.slice(0, 10), facts.injected.length, 'no update was injected');
  },
};
