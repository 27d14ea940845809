import type { WebhookDeps } from './types.js';

/** Seconds between consecutive retries after the immediate one: strictly growing, ending within 36 h (R21). */
const INTERVALS = [60, 300, 1_800, 7_200, 21_600, 43_200];
/** Unacknowledged notifications are dropped after this long from the first attempt (spec: Delivery rules). */
export const RETRY_WINDOW_SECONDS = 36 * 3600;

/**
 * When the retry after `lastAt` is due, or null when the batch is dropped. `retriesDone` counts the retries
 * already made on the clock (the immediate retry excluded).
 */
export function nextRetryAt(
  deps: WebhookDeps,
  firstAt: number,
  lastAt: number,
  retriesDone: number,
): number | null {
  if (deps.fault('webhooks-no-retry')) return null;
  let intervals = INTERVALS;
  if (deps.fault('webhooks-shrinking-intervals')) intervals = [...INTERVALS].reverse();
  if (deps.fault('webhooks-retry-past-36h')) intervals = [...INTERVALS, 86_400];
  const interval = intervals[retriesDone];
  if (interval === undefined) return null;
  const due = lastAt + interval;
  const pastWindow = due - firstAt > RETRY_WINDOW_SECONDS;
  return pastWindow && !deps.fault('webhooks-retry-past-36h') ? null : due;
}
