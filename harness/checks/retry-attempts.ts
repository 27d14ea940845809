import type { Exchange } from '../model/index.js';
import { isRecord } from './check.js';
import { acknowledged } from './webhook-facts.js';
import { deliveryKey, updatesIn } from './webhook-updates.js';

/**
 * An attempt on the target's clock: while the suite was moving the clock, anywhere in that move (a retry that fell
 * due inside a step may be sent, and stamped, at its end); otherwise its `entry[].time` when it fits (R20).
 */
export interface TimedAttempt {
  index: number;
  low: number;
  high: number;
  realMs: number;
  acknowledged: boolean;
}

const TOLERANCE_SECONDS = 2;

/**
 * Attempts grouped by what they carry (the same updates, sent again), in arrival order. Retries of one
 * notification carry the same updates; only their `time` differs (R20).
 */
export function attemptsByContent(exchanges: Exchange[], bodies: unknown[]): TimedAttempt[][] {
  const groups = new Map<string, TimedAttempt[]>();
  exchanges.forEach((exchange, index) => {
    const json = bodies[index];
    const keys = updatesIn([{ json, acknowledged: true }]).map((u) => deliveryKey(u, u.form === 'changes'));
    if (keys.length === 0 || !exchange.targetTime) return;
    const key = [...new Set(keys)].sort().join('\n');
    const group = groups.get(key) ?? [];
    const realMs = exchange.startedAtMs ?? Date.parse(exchange.startedAt);
    group.push({ index, ...timeOf(exchange.targetTime, json), realMs, acknowledged: acknowledged(exchange) });
    groups.set(key, group);
  });
  return [...groups.values()];
}

function timeOf(window: { from: number; to: number }, json: unknown): { low: number; high: number } {
  if (window.from !== window.to) return { low: window.from, high: window.to };
  const entries = isRecord(json) && Array.isArray(json.entry) ? json.entry : [];
  const time = isRecord(entries[0]) ? entries[0].time : undefined;
  if (typeof time !== 'number' || !Number.isInteger(time)) return { low: window.from, high: window.to };
  const fits = time >= window.from - TOLERANCE_SECONDS && time <= window.to + TOLERANCE_SECONDS;
  return fits ? { low: time, high: time } : { low: window.from, high: window.to };
}

/** The attempts up to and including the first acknowledged one: the retries; later ones are duplicates. */
export function retriesOf(group: TimedAttempt[]): TimedAttempt[] {
  const firstAck = group.findIndex((a) => a.acknowledged);
  return firstAck === -1 ? group : group.slice(0, firstAck + 1);
}

/** Seconds between two attempts, as the range the windows allow. */
export function gap(earlier: TimedAttempt, later: TimedAttempt): { min: number; max: number } {
  return { min: later.low - earlier.high, max: later.high - earlier.low };
}
