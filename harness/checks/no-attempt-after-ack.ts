import type { Check } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { attemptsByContent } from './retry-attempts.js';

/**
 * Delivery rules: once the receiver acknowledged a notification with 200, the same updates are not sent again
 * (retries are "on failure"). What it judges is each acknowledged notification; the step must have moved the
 * clock far enough (`advance_to`) for a late attempt to show.
 */
export const noAttemptAfterAck: Check = {
  name: 'no-attempt-after-ack',
  acceptsAnyBody: true,
  explain: () => 'after a notification is acknowledged with 200, no further attempt carries the same updates',
  args: NO_ARGS,
  run: (input) => {
    const groups = attemptsByContent(input.exchanges, input.bodies);
    const acknowledgedGroups = groups.filter((g) => g.some((a) => a.acknowledged));
    if (acknowledgedGroups.length === 0) {
      return { findings: [], judged: 0, nothingJudged: 'no notification was acknowledged with 200' };
    }
    const findings = acknowledgedGroups.flatMap((group) => {
      const firstAck = group.findIndex((a) => a.acknowledged);
      const again = group[firstAck + 1];
      if (!again) return [];
      const when = again.low === again.high ? `${again.low - group[firstAck]!.high} s` : `up to ${again.high - group[firstAck]!.low} s`;
      const message = `the same updates came again ${when} after the receiver acknowledged them with 200 (retries are on failure only)`;
      return [{ message, exchange: again.index }];
    });
    return { findings: findings.slice(0, 10), judged: acknowledgedGroups.length };
  },
};
