import { describeSchemaError, validatorFor } from '../validation/schema-registry.js';
import { type Check, type CheckFinding, eachExchange, isRecord, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { shown } from './webhook-facts.js';

/** Reading R20 compares `entry[].time` with the attempt's own time on the target's clock, give or take this. */
const TIME_TOLERANCE_SECONDS = 2;

/**
 * Every notification has the common envelope (`object`, `entry[]` with string `id` and integer `time`), and each
 * `time` is the UNIX second of that attempt on the target's clock (R20: a retry carries its own sending time).
 */
export const notificationEnvelope: Check = {
  name: 'notification-envelope',
  acceptsAnyBody: true,
  explain: () =>
    'every notification is `{object, entry: [{id: string, time: int}]}` and each `time` is the UNIX second ' +
    'it was sent, ±2 s on the target clock (R20)',
  args: NO_ARGS,
  run: (input) =>
    judgedCount(
      eachExchange(input, (exchange, body) => {
      if (body === undefined) return [{ message: 'the notification body is not JSON' }];
      const validate = validatorFor('webhook-notification')!;
      if (!validate(body)) {
        return (validate.errors ?? []).slice(0, 3).map((e) => {
          const d = describeSchemaError(e);
          return { message: `body${d.path === '/' ? '' : d.path}: ${d.message} (schemas/webhook-notification)` };
        });
      }
      return exchange.targetTime ? timeProblems(body, exchange.targetTime) : [];
    }).slice(0, 10),
      input.exchanges.length,
      'no notification reached the receiver',
    ),
};

function timeProblems(body: unknown, window: { from: number; to: number }): Omit<CheckFinding, 'exchange'>[] {
  const entries = isRecord(body) && Array.isArray(body.entry) ? body.entry : [];
  const low = window.from - TIME_TOLERANCE_SECONDS;
  const high = window.to + TIME_TOLERANCE_SECONDS;
  const wrong = entries.filter((e) => isRecord(e) && (Number(e.time) < low || Number(e.time) > high));
  if (wrong.length === 0) return [];
  const sent = window.from === window.to ? `${window.from}` : `between ${window.from} and ${window.to}`;
  const time = (wrong[0] as Record<string, unknown>).time;
  const message =
    `entry time ${shown(time)} is not the sending time: ` +
    `the attempt arrived at ${sent} on the target clock (±${TIME_TOLERANCE_SECONDS} s, R20)`;
  return [{ message, expected: window, actual: time }];
}
