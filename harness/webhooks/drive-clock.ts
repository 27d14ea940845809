import type { WebhookHarness } from './webhook-harness.js';

/** The first steps are this short, so an immediate or one-minute retry is seen at its own time. */
const MIN_STEP_SECONDS = 5;
/** Later steps grow with the time elapsed: intervals are resolved to about this fraction of themselves. */
const GROWTH = 0.05;

/**
 * Moves the target's clock from `now` (as the caller last saw it: no read of its own) to `start + horizon` in
 * growing steps, stopping early once `done()` holds. Past `fineUntil` seconds after the start, one advance goes the
 * rest of the way: what comes after it is only seen, not timed (an attempt past the 36 h window is late wherever in
 * it it came), and each step a remote target is sent costs a round trip. Each advance answers only after everything
 * due by then happened (contract §2), so `done()` sees it all.
 */
export async function driveClock(
  harness: WebhookHarness,
  from: { start: number; now: number },
  horizon: number,
  done: () => boolean,
  fineUntil = horizon,
): Promise<{ to: number; advances: number }> {
  const { start } = from;
  let { now } = from;
  let advances = 0;
  while (now < start + horizon && !done()) {
    now = await harness.advance(stepAfter(Math.max(0, now - start), start + horizon - now, fineUntil));
    advances++;
  }
  return { to: now, advances };
}

/** The next advance, `elapsed` seconds after the start with `remaining` to go: the rest of it once past `fineUntil`. */
function stepAfter(elapsed: number, remaining: number, fineUntil: number): number {
  if (elapsed >= fineUntil) return remaining;
  return Math.min(Math.max(MIN_STEP_SECONDS, Math.floor(elapsed * GROWTH)), remaining);
}

/** How many advances `driveClock` makes to reach `horizon` when nothing stops it early: the most a rule waits on. */
export function advancesTo(horizon: number, fineUntil = horizon): number {
  let elapsed = 0;
  let advances = 0;
  while (elapsed < horizon) {
    elapsed += stepAfter(elapsed, horizon - elapsed, fineUntil);
    advances++;
  }
  return advances;
}
