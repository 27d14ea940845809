import { invalidParam } from '../../graph-error.js';
import type { FaultSet, UnixSeconds } from '../../types.js';

const MINUTE = 60;
const DAY = 86_400;

/** Seconds after the request a scheduled time may lie in, both ends inclusive: 10 minutes to 75 days. */
export function scheduleWindow(faults: FaultSet): [number, number] {
  if (faults.has('feed-schedule-window-too-narrow')) return [30 * MINUTE, 60 * DAY];
  if (faults.has('feed-schedule-window-too-wide')) return [1 * MINUTE, 90 * DAY];
  return [10 * MINUTE, 75 * DAY];
}

/** A unix timestamp (number or numeric string) or an ISO 8601 time. */
export function parseScheduledTime(value: unknown): UnixSeconds {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.floor(value);
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return Math.floor(Date.parse(value) / 1000);
  throw invalidParam('scheduled_publish_time must be a UNIX timestamp.');
}

export function checkSchedule(time: UnixSeconds, now: UnixSeconds, faults: FaultSet): UnixSeconds {
  const [min, max] = scheduleWindow(faults);
  const delta = time - now;
  if (delta < min || delta > max) {
    throw invalidParam(
      'The specified scheduled publish time is invalid: it must be between 10 minutes and 75 days from the request.',
    );
  }
  return time;
}
