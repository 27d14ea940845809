import type { ReportFormat } from '../reports/report-files.js';
import type { Shard } from './run-plan.js';

/**
 * What a judging command is asked, as typed values: what the library's caller passes, and what `bin/` makes of
 * the flags (strings parsed, nothing decided). `planOf` turns them, with the config file, into a `RunPlan`; a wrong
 * value is refused naming its option (`PlanOptionError`). Absent values come from the config file, then the defaults.
 */
export interface PlanOptions {
  /** Base URL of the implementation; absent (with no profile): the embedded reference target. */
  target?: string;
  profile?: string;
  /** Embedded reference only: fault switches. */
  faults?: string[];
  suites?: string[];
  rules?: string[];
  exclude?: string[];
  /** `POST /{page_id}/feed`: every rule that sends to one of these (method optional). */
  endpoints?: string[];
  /** Areas (`photos`, `comments`): every rule that sends to their endpoints, whatever its suite. */
  areas?: string[];
  /** `{ index: 2, count: 3 }`, or as written: `2/3`. */
  shard?: Shard | string;
  seed?: number;
  /** Property runs per rule when the rule does not say. */
  runs?: number;
  /** Per request. */
  timeoutMs?: number;
  /** Rule executions at once. */
  concurrency?: number;
  /** At most this many requests a second. */
  maxRps?: number;
  /** The backoff's first wait on a rate limit that says nothing of how long (default 1000 ms). */
  rateLimitBaseMs?: number;
  /** The longest the run waits for rate limits, all waits together (default 5 minutes). */
  maxWaitMs?: number;
  /** `latest`, `none` (bare paths) or a version such as `v24.0`. */
  versionPrefix?: string;
  suitesDir?: string;
  reportDir?: string;
  formats?: ReportFormat[];
  baseline?: string;
  allowStale?: boolean;
  updateBaseline?: boolean;
  strict?: boolean;
  caDir?: string;
  /** Origins requests and tokens may go to besides the profile's own. */
  allowOrigins?: string[];
  /** Where the run's receiver and content host listen, over the profile's `receiver_host`. */
  receiverHost?: string;
  /** Keep tokens, secrets and codes in reports (redacted by default). */
  showSecrets?: boolean;
  /** Keep the run as a cassette. */
  record?: string;
  /** Repeat a recorded run offline. */
  cassette?: string;
  /** With `cassette`: `any` matches whatever value stands where the recording held a secret. */
  secrets?: 'hash' | 'any';
  quiet?: boolean;
  verbose?: boolean;
  /** With one sequence rule in `rules`: run the one shrunk sequence its failure printed (its replay line). */
  sequencePath?: string;
}

/** What a command other than `run` shares with it. */
export type SharedOptions = Pick<PlanOptions, 'seed' | 'timeoutMs' | 'suitesDir' | 'reportDir' | 'formats' | 'strict' | 'verbose' | 'quiet' | 'showSecrets' | 'rules'>;

/** `webhook-test`: graphcheck plays the service against the app's own callback endpoint. */
export interface CallbackOptions extends Omit<SharedOptions, 'showSecrets'> {
  /** The app's callback endpoint, e.g. `https://127.0.0.1:3000/webhook`. */
  callback: string;
  /** The verify token the endpoint expects. */
  verifyToken: string;
  /** The secret the endpoint checks `X-Hub-Signature-256` with. */
  appSecret: string;
  /** A PEM CA file trusted for an https callback besides the system store. */
  ca?: string;
  /** mTLS: the `graphcheck ca` folder the callback trusts for client certificates. */
  clientCa?: string;
  /** mTLS: the common name the callback expects of the client certificate. */
  clientCn?: string;
}

/** `check`: recorded traffic, one side's passive rules. */
export interface TrafficOptions extends Pick<SharedOptions, 'rules' | 'reportDir' | 'suitesDir' | 'verbose' | 'showSecrets'> {
  /** A graphcheck cassette, a HAR file or a VCR cassette. */
  cassette: string;
  /** `service` (default): the target's answers; `client`: the caller's own requests. */
  side?: 'service' | 'client';
  profile?: string;
}
