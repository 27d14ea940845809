import { randomInt } from 'node:crypto';

/** Property runs per rule unless the rule or `--runs` says. */
export const DEFAULT_RUNS = 20;
/** Per-request timeout unless `--timeout` says: the same for `run`, `webhook-test` and `doctor`. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The seed of a command that was not given one, drawn here and nowhere else: the plan carries it to the first
 * line, every generated value, every report and every replay command.
 */
export function drawSeed(): number {
  return randomInt(2 ** 31);
}
