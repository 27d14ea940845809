import type { RuleResult } from '../harness/model/index.js';
import type { RunFlags } from './plan-from-flags.js';

/** What the flags of `graphcheck run` say, as values. Absent values come from the config file, then the defaults. */
export interface RunOptions {
  /** Base URL of the implementation; absent (with no profile): the embedded reference target. */
  target?: string;
  profile?: string;
  /** Embedded reference only: fault switches. */
  faults?: string[];
  suites?: string[];
  rules?: string[];
  exclude?: string[];
  endpoints?: string[];
  /** `2/3`. */
  shard?: string;
  seed?: number;
  runs?: number;
  timeoutMs?: number;
  versionPrefix?: string;
  suitesDir?: string;
  /** Default `reports`. */
  reportDir?: string;
  formats?: ('json' | 'junit' | 'markdown' | 'html')[];
  baseline?: string;
  allowStale?: boolean;
  updateBaseline?: boolean;
  strict?: boolean;
  caDir?: string;
  /** Origins requests and tokens may go to besides the profile's own (`--allow-origin`). */
  allowOrigins?: string[];
  /** Where the run's receiver and content host listen, over the profile's `receiver_host` (`--receiver-host`). */
  receiverHost?: string;
  showSecrets?: boolean;
  /** A config file; default: `graphcheck.config.yaml` in the working folder, if there is one. */
  config?: string;
  /** Where the console lines go; default: nowhere. */
  print?: (text: string) => void;
  /** Each rule's result as it ends (redacted, as the reports show it). */
  onRuleEnd?: (result: RuleResult) => void;
}

/** The options as the flags `run` parses: one way from values to a plan. */
export function flagsOf(o: RunOptions): RunFlags {
  const text = (n: number | undefined) => (n === undefined ? undefined : String(n));
  const flags: RunFlags = {
    target: o.target,
    profile: o.profile,
    fault: o.faults,
    suite: o.suites,
    rule: o.rules,
    exclude: o.exclude,
    endpoint: o.endpoints,
    shard: o.shard,
    seed: text(o.seed),
    runs: text(o.runs),
    timeout: text(o.timeoutMs),
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
  };
  return Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) as RunFlags;
}
