import type { ReportFormat } from '../reports/report-files.js';

/**
 * One `graphcheck run` as a typed value: what `bin/` makes of flags and the config file, what renders the replay
 * command of each rule, and what a recorded run keeps for its repeat. Nothing here talks to a target.
 */
export interface RunPlan {
  seed: number;
  /** The user gave `--seed` (a repeat refuses a seed other than the recorded one). */
  seedGiven: boolean;
  /** Property runs per rule when the rule does not say. */
  runs: number;
  runsGiven: boolean;
  /** `latest`, `none` (bare paths) or a version such as v24.0. */
  versionPrefix: string;
  versionPrefixGiven: boolean;
  selection: PlanSelection;
  target: TargetPlan;
  /** A CA the target was configured to trust by hand (`graphcheck ca --with-key`). */
  caDir?: string;
  /** `--allow-origin`: origins (`scheme://host:port`) the run may send to besides the profile's own. */
  allowOrigins: string[];
  timeoutMs: number;
  suitesDir: string;
  /** Whether `suitesDir` is the one shipped with graphcheck (a replay command then leaves it out). */
  suitesDirIsDefault: boolean;
  report: ReportPlan;
  /** Keep tokens, secrets and codes in reports. */
  showSecrets: boolean;
  /** `--record FILE`: keep the run as a cassette. */
  record?: string;
  /** Live output: `progress` (a live line on a TTY, a line every 10 s elsewhere), `quiet` (verdict lines only). */
  output: { quiet: boolean; verbose: boolean };
}

export interface PlanSelection {
  suites: string[];
  /** Rule ids; a trailing `*` matches a prefix, other globs (`feed.*-limit-*`) match as globs. */
  rules: string[];
  /** Rule ids, globs or suite names left out. */
  exclude: string[];
  /** `POST /{page_id}/feed`: every rule that sends to one of these (method optional). */
  endpoints: string[];
  /** `--shard 2/3`: the second of three stable parts, split by rule id. */
  shard?: Shard;
}

export interface Shard {
  /** From 1. */
  index: number;
  count: number;
}

export type TargetPlan =
  /** The embedded reference target on a loopback port, with fault switches. */
  | { kind: 'reference'; faults: string[] }
  /** A running implementation: its URL, its profile file, or both. */
  | { kind: 'url'; url?: string; profile?: string; receiverHost?: string }
  /** A recorded run repeated offline; `secrets: 'any'` matches any value where a secret was recorded. */
  | { kind: 'cassette'; file: string; secrets?: 'hash' | 'any' };

export interface ReportPlan {
  dir: string;
  formats: ReportFormat[];
  /** SHOULD failures count as failures (exit 1) instead of warnings. */
  strict: boolean;
  /** An expected-failure file. */
  baseline?: string;
  /** A baseline entry whose rule now passes does not fail the run. */
  allowStale: boolean;
  /** Write the run's failures to the baseline file. */
  updateBaseline: boolean;
}
