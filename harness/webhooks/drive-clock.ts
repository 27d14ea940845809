import type { WebhookHarness } from './webhook-harness.js';

/** The first steps are this short, so an immediate or one-minute retry is seen at its own time. */
const MIN_STEP_SECONDS = 5;
/** Later steps grow with the time elapsed: intervals are resolved to about this fraction of themselves. */
const GROWTH = 0.05;
/** Unacknowledged notifications are dropped after 36 hours: nothing is owed after that. */
const DEFAULT_HORIZON_SECONDS = 36 * 3600;

/**
 * A deliveries step's clock. With `advance_to`, growing steps from the first events, so retry intervals can be told
 * apart (up to `fine_until`, then one advance). Otherwise, when updates are still missing, one jump of 36 hours from
 * now, which is after the run's last events (the delay before a first attempt is not stated): whatever was going to
 * come has come. Returns what it did, in words.
 */
export async function moveClock(
  harness: WebhookHarness,
  { start, now }: { start: number; now: number },
  { advanceTo, fineUntil }: { advanceTo: number | undefined; fineUntil: number | undefined },
  delivered: () => boolean,
): Promise<string> {
  if (advanceTo !== undefined) {
    const drive = await driveClock(harness, { start, now }, advanceTo, delivered, fineUntil);
    return `moved the clock in ${drive.advances} steps to +${drive.to - start} s`;
  }
  if (delivered()) return 'delivered without moving the clock';
  const to = await harness.advance(DEFAULT_HORIZON_SECONDS);
  return `moved the clock to +${to - start} s`;
}

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
