import type { WebhookHarness } from './webhook-harness.js';

/** The first steps are this short, so an immediate or one-minute retry is seen at its own time. */
const MIN_STEP_SECONDS = 5;
/** Later steps grow with the time elapsed: intervals are resolved to about this fraction of themselves. */
const GROWTH = 0.05;

/**
 * Moves the target's clock from `now` (as the caller last saw it: no read of its own) to `start + horizon` in
 * growing steps, stopping early once `done()` holds. Each advance answers only after everything due by then
 * happened (contract §2), so `done()` sees it all.
 */
export async function driveClock(
  harness: WebhookHarness,
  from: { start: number; now: number },
  horizon: number,
  done: () => boolean,
): Promise<{ to: number; advances: number }> {
  const { start } = from;
  let { now } = from;
  let advances = 0;
  while (now < start + horizon && !done()) {
    const elapsed = Math.max(0, now - start);
    const step = Math.min(Math.max(MIN_STEP_SECONDS, Math.floor(elapsed * GROWTH)), start + horizon - now);
    now = await harness.advance(step);
    advances++;
  }
  return { to: now, advances };
}
