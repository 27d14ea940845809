import type { Check } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';

/**
 * No notification reaches the receiver while the suite has the app set not Live (Events, contract `app`). What it
 * judges is each period the app was not Live, arrivals or none.
 */
export const nothingWhileNotLive: Check<null, 'webhook'> = {
  name: 'nothing-while-not-live',
  needs: ['webhook'],
  acceptsAnyBody: true,
  explain: () => 'no notification arrives while the app is not Live',
  args: NO_ARGS,
  run: (input) => {
    const facts = input.facts.webhook;
    const findings = input.exchanges.flatMap((exchange, i) => {
      // Whole milliseconds cannot order an arrival against the moment Live was set again: on a fast machine both
      // fall in the same one, and the arrival went uncounted. `startedAtMs` has the fraction; the end stays
      // exclusive, as a false failure costs more.
      const at = exchange.startedAtMs ?? Date.parse(exchange.startedAt);
      const period = facts.notLive.find((p) => at >= p.fromMs && (p.toMs === undefined || at < p.toMs));
      return period ? [{ message: 'a notification arrived while the app was set not Live', exchange: i }] : [];
    });
    const judged = facts.notLive.length;
    return { findings: findings.slice(0, 10), judged, ...(judged === 0 ? { nothingJudged: 'the app was never set not Live' } : {}) };
  },
};
