import type { SecretMatching } from '../harness/replay/normalize-request.js';
import { PlanOptionError } from '../harness/errors.js';
import type { ReportFormat } from '../harness/reports/report-files.js';
import type { PlanOptions, SharedOptions } from '../harness/run/plan-options.js';
import { planOf } from '../harness/run/plan-of.js';
import type { RunPlan, ServicePlan } from '../harness/run/run-plan.js';
import type { ConfigValues } from './config-file.js';
import { allowOriginFlag, durationFlag, listFlag, numberFlag } from './flags.js';

/** The flags of `run` (and the subset `doctor` and `list` share), as commander hands them over: no defaults. */
export interface RunFlags {
  target?: string;
  profile?: string;
  fault?: string[];
  suite?: string[];
  rule?: string[];
  exclude?: string[];
  endpoint?: string[];
  /** `--area photos,comments`: every rule that sends to those areas' endpoints. */
  area?: string[];
  shard?: string;
  seed?: string;
  runs?: string;
  reportDir?: string;
  format?: string[];
  timeout?: string;
  versionPrefix?: string;
  suitesDir?: string;
  verbose?: boolean;
  quiet?: boolean;
  showSecrets?: boolean;
  caDir?: string;
  record?: string;
  cassette?: string;
  /** With --cassette: `any` matches whatever value stands where the recording held a secret. */
  secrets?: SecretMatching;
  config?: string;
  /** `--allow-origin URL` (repeatable): where requests and tokens may go besides the profile's own origins. */
  allowOrigin?: string[];
  /** `--receiver-host ADDRESS`: where the run's receiver and content host listen, over the profile's. */
  receiverHost?: string;
  baseline?: string;
  allowStale?: boolean;
  updateBaseline?: boolean;
  strict?: boolean;
  /** `--concurrency N`: rule executions at once. */
  concurrency?: string;
  /** `--max-rps N`: requests a second at most. */
  maxRps?: string;
  /** `--max-wait DURATION`: the longest the run waits for rate limits, all waits together. */
  maxWait?: string;
  /** `--sequence-path P`: the shrunk sequence a sequence rule's failure printed, run again exactly. */
  sequencePath?: string;
}

/** The flags of `RunFlags` that name files or folders: resolved against the command's folder before a plan is made. */
export const RUN_PATH_FLAGS = ['profile', 'config', 'reportDir', 'suitesDir', 'caDir', 'record', 'cassette', 'baseline'] as const satisfies readonly (keyof RunFlags)[];

/** Flags, then the config file, then the defaults: the flags as options (`runOptionsOf`), planned by `planOf`. */
export function planFromFlags(flags: RunFlags, config: ConfigValues = {}): RunPlan & { target: ServicePlan } {
  return inFlagWords(() => planOf(runOptionsOf(flags), config));
}

/** The flags of `run` as the options they stand for: strings parsed, nothing decided (`planOf` decides). */
export function runOptionsOf(flags: RunFlags): PlanOptions {
  return defined({
    ...sharedOptionsOf(flags),
    target: flags.target,
    profile: flags.profile,
    faults: listed(flags.fault),
    suites: listed(flags.suite),
    exclude: listed(flags.exclude),
    endpoints: flags.endpoint,
    areas: listed(flags.area),
    shard: flags.shard,
    runs: numberFlag('--runs', flags.runs),
    concurrency: numberFlag('--concurrency', flags.concurrency),
    maxRps: numberFlag('--max-rps', flags.maxRps),
    maxWaitMs: flags.maxWait === undefined ? undefined : durationFlag('--max-wait', flags.maxWait),
    versionPrefix: flags.versionPrefix,
    baseline: flags.baseline,
    allowStale: flags.allowStale,
    updateBaseline: flags.updateBaseline,
    caDir: flags.caDir,
    allowOrigins: flags.allowOrigin === undefined ? undefined : listFlag(flags.allowOrigin).map(allowOriginFlag),
    receiverHost: flags.receiverHost,
    record: flags.record,
    cassette: flags.cassette,
    secrets: flags.secrets,
    sequencePath: flags.sequencePath,
  });
}

/** What `webhook-test` and `check` say of their run beyond what they judge: the flags they share with `run`. */
export interface SharedFlags {
  seed?: string;
  timeout?: string;
  suitesDir?: string;
  reportDir?: string;
  format?: string[];
  strict?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  showSecrets?: boolean;
  rule?: string[];
}

/** The flags every judging command shares, as options. */
export function sharedOptionsOf(flags: SharedFlags): SharedOptions {
  return defined({
    seed: numberFlag('--seed', flags.seed),
    timeoutMs: numberFlag('--timeout', flags.timeout),
    suitesDir: flags.suitesDir,
    reportDir: flags.reportDir,
    formats: listed(flags.format) as ReportFormat[] | undefined,
    strict: flags.strict,
    verbose: flags.verbose,
    quiet: flags.quiet,
    showSecrets: flags.showSecrets,
    rules: listed(flags.rule),
  });
}

/** The flag each option comes from, as a refusal names it on a command line. */
const FLAG_OF: Record<string, string> = {
  timeoutMs: '--timeout',
  maxWaitMs: '--max-wait',
  formats: '--format',
  faults: '--fault',
  allowOrigins: '--allow-origin',
  rules: '--rule',
  suites: '--suite',
  areas: '--area',
  endpoints: '--endpoint',
};

/** `maxRps` -> `--max-rps`, or the table's word. */
export function flagOf(option: string): string {
  return FLAG_OF[option] ?? `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** `make()` (or what it promises), a refused option said with the flag the user typed (`--seed`, not `seed`). */
export function inFlagWords<T>(make: () => T): T {
  const said = (error: unknown) => (error instanceof PlanOptionError ? error.saidWith(flagOf) : error);
  try {
    const made = make();
    return (made instanceof Promise ? made.catch((error: unknown) => Promise.reject(said(error))) : made) as T;
  } catch (error) {
    throw said(error);
  }
}

/** A list flag as given (`a,b` split later, where the library's lists are split too); absent when not given. */
function listed(values: string[] | undefined): string[] | undefined {
  return values === undefined ? undefined : listFlag(values);
}

/** Absent flags stay absent, so the config file and the defaults decide them. */
function defined<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;
}
