/** Property runs per rule unless the rule or `--runs` says. */
export const DEFAULT_RUNS = 20;
/** Per-request timeout unless `--timeout` says. */
export const DEFAULT_TIMEOUT_MS = 10_000;
