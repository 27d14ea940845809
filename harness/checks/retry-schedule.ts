import type { Check, CheckFinding } from './check.js';
import { INTEGER, object, optional } from '../validation/json-schema.js';
import { attemptsByContent, gap, retriesOf, type TimedAttempt } from './retry-attempts.js';

export interface Args {
  /** Retries after the immediate one a target must make while the receiver keeps failing (R21: at least 2). */
  min_later_attempts?: number;
  /** Every attempt falls within this many seconds of the first (36 h). */
  within_seconds?: number;
  /**
   * Optional: the immediate retry arrives within this many real seconds of the failed attempt. R21 reads
   * "immediately" as "without the clock moving" only, so no rule of the shipped suites sets it.
   */
  immediate_real_seconds?: number;
}

type Settings = Required<Omit<Args, 'immediate_real_seconds'>> & Pick<Args, 'immediate_real_seconds'>;

const DEFAULTS: Settings = { min_later_attempts: 2, within_seconds: 36 * 3600 };
/** The immediate retry may read a later second than the failed attempt, by this much, on a ticking clock. */
const SAME_TIME_SECONDS = 2;

/**
 * Reading R21 over the attempts of each notification: after a failed attempt a retry comes immediately (the clock
 * not moved; no real-time bound unless `immediate_real_seconds` sets one), then at least `min_later_attempts` more while failures go on, at strictly
 * growing intervals, all within 36 h of the first attempt and none after.
 */
export const retrySchedule: Check<Args | undefined> = {
  name: 'retry-schedule',
  acceptsAnyBody: true,
  explain: () =>
    'a failed notification is retried immediately (without the clock moving), then at strictly growing intervals, ' +
    'all within 36 h of the first attempt and none after (R21)',
  args: optional(object({ min_later_attempts: INTEGER, within_seconds: INTEGER, immediate_real_seconds: INTEGER })),
  run: (input, raw) => {
    const settings = { ...DEFAULTS, ...(raw ?? {}) };
    const groups = attemptsByContent(input.exchanges, input.bodies).filter((g) => g[0] && !g[0].acknowledged);
    if (groups.length === 0) {
      return { findings: [], judged: 0, nothingJudged: 'no notification attempt failed, so no retry could be observed' };
    }
    const judge = (group: TimedAttempt[]) => [
      ...immediateProblems(group, settings),
      ...laterProblems(group, settings),
      ...windowProblems(group, settings),
    ];
    return { findings: groups.flatMap(judge).slice(0, 10), judged: groups.length };
  },
};

function immediateProblems(group: TimedAttempt[], settings: Settings): CheckFinding[] {
  const [first, second] = group as [TimedAttempt, TimedAttempt | undefined];
  if (!second) return [{ message: 'the first attempt failed and no retry followed (R21)', exchange: first.index }];
  // Immediately is without the clock moving (R21): a retry that may have come during a clock move was not.
  const { min, max: later } = gap(first, second);
  const realSeconds = (second.realMs - first.realMs) / 1000;
  if (later > SAME_TIME_SECONDS) {
    // During a clock move an arrival is dated anywhere in it: the delay measured is the real one; the window is said apart.
    const when =
      second.high > second.low
        ? `${realSeconds.toFixed(1)} s later in real time, while the clock was being moved (on the target clock between ${Math.max(min, 0)} and ${later} s later)`
        : `${later} s later on the target clock`;
    const message = `the retry after the failed first attempt came ${when}, not immediately`;
    return [{ message: `${message} (R21)`, exchange: second.index }];
  }
  if (settings.immediate_real_seconds !== undefined && realSeconds > settings.immediate_real_seconds) {
    const limit = settings.immediate_real_seconds;
    const message = `the immediate retry took ${realSeconds.toFixed(1)} s of real time (more than ${limit} s)`;
    return [{ message, exchange: second.index }];
  }
  return [];
}

function laterProblems(group: TimedAttempt[], settings: Settings): CheckFinding[] {
  const retries = retriesOf(group);
  const failures = retries.filter((a) => !a.acknowledged).length;
  const required = Math.min(Math.max(failures - 1, 0), settings.min_later_attempts);
  const later = retries.slice(2);
  if (later.length < required) {
    const came = `${later.length} later retr${later.length === 1 ? 'y' : 'ies'} came`;
    const message = `after ${failures} failed attempts only ${came}, expected at least ${required} (R21)`;
    return [{ message, exchange: retries.at(-1)!.index }];
  }
  const problems: CheckFinding[] = [];
  for (let i = 2; i + 1 < retries.length; i++) {
    const before = gap(retries[i - 1]!, retries[i]!);
    const after = gap(retries[i]!, retries[i + 1]!);
    if (after.max > before.min) continue;
    const message = `retry intervals do not grow: ${before.min} s, then ${after.max} s (R21: decreasing frequency)`;
    problems.push({ message, exchange: retries[i + 1]!.index });
  }
  return problems;
}

function windowProblems(group: TimedAttempt[], settings: Settings): CheckFinding[] {
  const first = group[0]!;
  const late = group.find((a) => a.low - first.high > settings.within_seconds + SAME_TIME_SECONDS);
  if (!late) return [];
  const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;
  // An attempt that came during a clock move is dated anywhere in it: the range is said.
  const [earliest, latest] = [late.low - first.high, late.high - first.low];
  const when = latest > earliest ? `between ${hours(earliest)} and ${hours(latest)}` : hours(earliest);
  const window = `${settings.within_seconds / 3600} h`;
  const message = `an attempt came ${when} after the first, past the ${window} retry window (R21)`;
  return [{ message, exchange: late.index }];
}
