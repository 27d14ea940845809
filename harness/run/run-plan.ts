import type { CallbackTarget } from '../callback-client/open-callback.js';
import type { ReportFormat } from '../reports/report-files.js';
import type { Concurrency } from '../engine/slots.js';
import type { RuleSide } from '../suite/suite.js';

/**
 * One judging command as a typed value: what `bin/` makes of `run`, `webhook-test` and `check`'s flags (and the
 * config file), what the programmatic API makes of its options, what `execute` runs, what renders the replay
 * command of each rule, and what a recorded run keeps for its repeat. Nothing here talks to a target.
 */
export interface RunPlan {
  /** Drawn once (`drawSeed`) when not given, printed first, carried by every report and replay command. */
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
  /** What is judged: the command follows from it (`run`, `webhook-test` for a callback, `check` for traffic). */
  target: TargetPlan;
  /** A CA the target was configured to trust by hand (`graphcheck ca --with-key`). */
  caDir?: string;
  /** `--allow-origin`: origins (`scheme://host:port`) the run may send to besides the profile's own. */
  allowOrigins: string[];
  /** Per request (one default for every command: `DEFAULT_TIMEOUT_MS`). */
  timeoutMs: number;
  /**
   * Rule executions at work on the target at once (`--concurrency`, `concurrency:`); rules that touch global state
   * run alone whatever it says. Default `by-round-trip` (`engine/slots.ts`: 8 on loopback, more as the measured
   * round trip grows); a recording and its repeat run one at a time.
   */
  concurrency?: Concurrency;
  /** `--max-rps N`: at most N requests a second to the target (its control protocol included). */
  maxRps?: number;
  /** The backoff's first wait when a rate-limited answer says nothing of how long (default 1 s; tests shorten it). */
  rateLimitBaseMs?: number;
  /** `--max-wait`: the longest the run waits for rate limits, all waits together; absent, the engine's default. */
  maxWaitMs?: number;
  suitesDir: string;
  /** Whether `suitesDir` is the one shipped with graphcheck (a replay command then leaves it out). */
  suitesDirIsDefault: boolean;
  report: ReportPlan;
  /** Keep tokens, secrets and codes in reports. */
  showSecrets: boolean;
  /** `--record FILE`: keep the run as a cassette. */
  record?: string;
  /** `--sequence-path`: a sequence rule runs the one shrunk sequence a failure printed (its replay line). */
  sequencePath?: string;
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
  /** `--area photos`: every rule that sends to one of these areas' endpoints. */
  areas?: string[];
  /** `--shard 2/3`: the second of three stable parts, split by rule id. */
  shard?: Shard;
  /** Whose rules: `service` (default), `client` (`check --side client`), `callback` (`webhook-test`). */
  side?: RuleSide;
}

export interface Shard {
  /** From 1. */
  index: number;
  count: number;
}

/** The app's callback endpoint `webhook-test` plays the service against; secrets are the user's, never printed. */
export interface CallbackPlan extends CallbackTarget {
  kind: 'callback';
}

/** Recorded traffic `check` judges: a graphcheck cassette, a HAR file or a VCR cassette. */
export interface TrafficPlan {
  kind: 'traffic';
  file: string;
  /** The target's profile, if given: its error paths, secrets to redact, the app's redirect URIs (`--side client`). */
  profile?: string;
}

export type TargetPlan =
  /** The embedded reference target on a loopback port, with fault switches. */
  | { kind: 'reference'; faults: string[] }
  /** A running implementation: its URL, its profile file, or both. */
  | { kind: 'url'; url?: string; profile?: string; receiverHost?: string }
  /** A recorded run repeated offline; `secrets: 'any'` matches any value where a secret was recorded. */
  | { kind: 'cassette'; file: string; secrets?: 'hash' | 'any' }
  | CallbackPlan
  | TrafficPlan;

/** A target the suites' service rules run against, live or repeated (`graphcheck run`). */
export type ServicePlan = Exclude<TargetPlan, CallbackPlan | TrafficPlan>;

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
