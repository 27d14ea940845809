import type { RuleResult } from '../harness/model/index.js';
import type { CheckFlags } from './check-plan.js';
import type { RunFlags } from './plan-from-flags.js';
import type { WebhookTestFlags } from './webhook-test-plan.js';

type ReportFormat = 'json' | 'junit' | 'markdown' | 'html';

/** What every judging call may say of its output, as `run`, `webhook-test` and `check` flags do. */
export interface OutputOptions {
  /** Default `reports`. */
  reportDir?: string;
  /** Keep tokens, secrets and codes in reports (redacted by default). */
  showSecrets?: boolean;
  /** Where the console lines go; default: nowhere. */
  print?: (text: string) => void;
  /** Each rule's result as it ends (redacted, as the reports show it). */
  onRuleEnd?: (result: RuleResult) => void;
}

/** What the flags of `graphcheck run` say, as values. Absent values come from the config file, then the defaults. */
export interface RunOptions extends OutputOptions {
  /** Base URL of the implementation; absent (with no profile): the embedded reference target. */
  target?: string;
  profile?: string;
  /** Embedded reference only: fault switches. */
  faults?: string[];
  suites?: string[];
  rules?: string[];
  exclude?: string[];
  endpoints?: string[];
  /** Areas (`photos`, `comments`): every rule that sends to their endpoints, whatever its suite. */
  areas?: string[];
  /** `2/3`. */
  shard?: string;
  seed?: number;
  runs?: number;
  timeoutMs?: number;
  /** Rule executions at once (`--concurrency`). */
  concurrency?: number;
  /** At most this many requests a second (`--max-rps`). */
  maxRps?: number;
  /** The backoff's first wait on a rate limit that says nothing of how long (default 1000 ms). */
  rateLimitBaseMs?: number;
  /** The longest the run waits for rate limits, all waits together (`--max-wait`; default 5 minutes). */
  maxWaitMs?: number;
  versionPrefix?: string;
  suitesDir?: string;
  formats?: ReportFormat[];
  baseline?: string;
  allowStale?: boolean;
  updateBaseline?: boolean;
  strict?: boolean;
  caDir?: string;
  /** Origins requests and tokens may go to besides the profile's own (`--allow-origin`). */
  allowOrigins?: string[];
  /** Where the run's receiver and content host listen, over the profile's `receiver_host` (`--receiver-host`). */
  receiverHost?: string;
  /** A config file; default: `graphcheck.config.yaml` in the working folder, if there is one. */
  config?: string;
}

/** What the flags of `graphcheck webhook-test` say, as values (the callback, its secrets and CA files as the flags). */
export interface WebhookTestOptions
  extends Omit<OutputOptions, 'showSecrets'>,
    Pick<WebhookTestFlags, 'callback' | 'verifyToken' | 'appSecret' | 'ca' | 'clientCa' | 'clientCn' | 'suitesDir' | 'strict'> {
  seed?: number;
  rules?: string[];
  timeoutMs?: number;
  formats?: ReportFormat[];
}

/** What the flags of `graphcheck check` say, as values (the traffic, the side and the profile as the flags). */
export interface CheckOptions extends OutputOptions, Pick<CheckFlags, 'cassette' | 'profile' | 'suitesDir'> {
  /** `service` (default): the target's answers; `client`: the caller's own requests. */
  side?: 'service' | 'client';
  rules?: string[];
}

/** The options as the flags `run` parses: one way from values to a plan. */
export function runFlagsOf(o: RunOptions): RunFlags {
  return defined({
    target: o.target,
    profile: o.profile,
    fault: o.faults,
    suite: o.suites,
    rule: o.rules,
    exclude: o.exclude,
    endpoint: o.endpoints,
    area: o.areas,
    shard: o.shard,
    seed: text(o.seed),
    runs: text(o.runs),
    timeout: text(o.timeoutMs),
    concurrency: text(o.concurrency),
    maxRps: text(o.maxRps),
    maxWait: o.maxWaitMs === undefined ? undefined : `${o.maxWaitMs}ms`,
    versionPrefix: o.versionPrefix,
    suitesDir: o.suitesDir,
    reportDir: o.reportDir,
    format: o.formats,
    baseline: o.baseline,
    allowStale: o.allowStale,
    updateBaseline: o.updateBaseline,
    strict: o.strict,
    caDir: o.caDir,
    allowOrigin: o.allowOrigins,
    receiverHost: o.receiverHost,
    showSecrets: o.showSecrets,
  });
}

/** The options as the flags `webhook-test` parses. */
export function webhookTestFlagsOf(o: WebhookTestOptions): WebhookTestFlags {
  const { callback, verifyToken, appSecret, ca, clientCa, clientCn, suitesDir, reportDir, strict } = o;
  return defined({ callback, verifyToken, appSecret, ca, clientCa, clientCn, suitesDir, reportDir, strict, seed: text(o.seed), rule: o.rules, timeout: text(o.timeoutMs), format: o.formats });
}

/** The options as the flags `check` parses. */
export function checkFlagsOf(o: CheckOptions): CheckFlags {
  const { cassette, side, profile, suitesDir, reportDir, showSecrets } = o;
  return defined({ cassette, side, profile, suitesDir, reportDir, showSecrets, rule: o.rules });
}

function text(n: number | undefined): string | undefined {
  return n === undefined ? undefined : String(n);
}

/** Absent options stay absent, so the config file and the defaults decide them. */
function defined<T extends object>(flags: T): T {
  return Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) as T;
}
