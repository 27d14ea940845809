import type { SecretMatching } from '../harness/replay/normalize-request.js';
import { resolve } from 'node:path';
import { UserInputError } from '../harness/errors.js';
import { DEFAULT_CONCURRENCY, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, drawSeed } from '../harness/run/defaults.js';
import { REPORT_FORMATS, type ReportFormat } from '../harness/reports/report-files.js';
import type { PlanSelection, RunPlan, ServicePlan, Shard, TargetPlan } from '../harness/run/run-plan.js';
import { parseSequencePath } from '../harness/sequence/sequence-path.js';
import { SUITES_DIR } from '../harness/suite/suites-dir.js';
import type { ConfigValues } from './config-file.js';
import { allowOriginFlag, durationFlag, listFlag, targetUrlFlag, wholeNumberFlag } from './flags.js';

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

/**
 * Flags, then the config file, then the defaults: the one place a run's recipe is decided. Every value is parsed
 * here once; what follows reads the plan.
 */
export function planFromFlags(flags: RunFlags, config: ConfigValues = {}): RunPlan & { target: ServicePlan } {
  const baseline = flags.baseline ?? config.baseline;
  if (flags.updateBaseline && !baseline) {
    throw new UserInputError('USAGE', '--update-baseline writes the baseline file: give it with --baseline FILE');
  }
  return {
    ...seedOf(flags.seed),
    ...runsAndPrefix(flags, config),
    selection: {
      suites: listFlag(flags.suite ?? config.suites),
      rules: listFlag(flags.rule ?? config.rules),
      exclude: [...listFlag(config.exclude), ...listFlag(flags.exclude)],
      endpoints: (flags.endpoint ?? config.endpoints ?? []).map((e) => e.trim()).filter(Boolean),
      ...areasOf(flags.area ?? config.areas),
      ...(flags.shard ? { shard: shardFlag(flags.shard) } : {}),
    },
    target: targetPlan(flags, config),
    ...(flags.caDir ?? config.ca_dir ? { caDir: flags.caDir ?? config.ca_dir } : {}),
    allowOrigins: allowOrigins(flags, config),
    timeoutMs: timeoutFlag(flags.timeout ?? (config.timeout === undefined ? undefined : String(config.timeout))),
    ...pace(flags, config),
    ...suitesDirOf(flags.suitesDir),
    report: {
      dir: flags.reportDir ?? config.report_dir ?? 'reports',
      formats: formatsFlag(flags.format ?? config.formats),
      strict: flags.strict ?? config.strict ?? false,
      ...(baseline ? { baseline } : {}),
      allowStale: flags.allowStale ?? config.allow_stale ?? false,
      updateBaseline: flags.updateBaseline ?? false,
    },
    showSecrets: flags.showSecrets ?? false,
    ...(flags.record ? { record: flags.record } : {}),
    ...sequencePathOf(flags),
    output: { quiet: flags.quiet ?? false, verbose: flags.verbose ?? false },
  };
}

/** `--area`, comma-separated or repeated; absent when none is named (most selections name none). */
function areasOf(values: string[] | undefined): Pick<RunPlan['selection'], 'areas'> {
  const areas = listFlag(values);
  return areas.length ? { areas } : {};
}

/** `--seed`, or one drawn now (`drawSeed`, the one place a seed is drawn): every judging command's. */
export function seedOf(flag: string | undefined): Pick<RunPlan, 'seed' | 'seedGiven'> {
  if (flag === undefined) return { seed: drawSeed(), seedGiven: false };
  return { seed: wholeNumberFlag('--seed', flag, 0, 2 ** 32 - 1), seedGiven: true };
}

/** `--sequence-path`, checked for its shape now (exit 2), for the one rule a replay line names. */
function sequencePathOf(flags: RunFlags): Pick<RunPlan, 'sequencePath'> {
  if (flags.sequencePath === undefined) return {};
  parseSequencePath(flags.sequencePath);
  if (listFlag(flags.rule).length !== 1) {
    throw new UserInputError('USAGE', `--sequence-path ${flags.sequencePath}: a path replays one sequence rule's failure; give that rule alone with --rule ID`);
  }
  return { sequencePath: flags.sequencePath.trim() };
}

/** `--timeout`, else the one default every command shares. */
export function timeoutFlag(flag: string | undefined): number {
  return flag === undefined ? DEFAULT_TIMEOUT_MS : wholeNumberFlag('--timeout', flag, 1);
}

/** `--suites-dir`, else the shipped suites (a replay command leaves the default out). */
export function suitesDirOf(flag: string | undefined): Pick<RunPlan, 'suitesDir' | 'suitesDirIsDefault'> {
  const suitesDir = flag ?? SUITES_DIR;
  return { suitesDir, suitesDirIsDefault: resolve(suitesDir) === resolve(SUITES_DIR) };
}

/**
 * `--concurrency`, `--max-rps` and `--max-wait` (else the config file's). A recording keeps each rule's traffic
 * apart and its repeat plays it back in that order: both run one rule at a time.
 */
function pace(flags: RunFlags, config: ConfigValues): Pick<RunPlan, 'concurrency' | 'maxRps' | 'maxWaitMs'> {
  const given = flags.concurrency ?? (config.concurrency === undefined ? undefined : String(config.concurrency));
  const maxRps = flags.maxRps ?? (config.max_rps === undefined ? undefined : String(config.max_rps));
  const maxWait = flags.maxWait ?? (config.max_wait === undefined ? undefined : String(config.max_wait));
  const concurrency = given === undefined ? undefined : wholeNumberFlag('--concurrency', given, 1, 256);
  const recorded = flags.record ? '--record' : flags.cassette ? '--cassette' : undefined;
  if (recorded && concurrency !== undefined && concurrency > 1) {
    throw new UserInputError('USAGE', `--concurrency ${concurrency}: ${recorded} keeps each rule's traffic apart, so it runs one rule at a time; drop --concurrency`);
  }
  return {
    concurrency: recorded ? 1 : (concurrency ?? DEFAULT_CONCURRENCY),
    ...(maxRps === undefined ? {} : { maxRps: wholeNumberFlag('--max-rps', maxRps, 1, 100_000) }),
    ...(maxWait === undefined ? {} : { maxWaitMs: durationFlag('--max-wait', maxWait) }),
  };
}

function runsAndPrefix(flags: RunFlags, config: ConfigValues): Pick<RunPlan, 'runs' | 'runsGiven' | 'versionPrefix' | 'versionPrefixGiven'> {
  const runs = flags.runs ?? (config.runs === undefined ? undefined : String(config.runs));
  const versionPrefix = flags.versionPrefix ?? config.version_prefix;
  if (versionPrefix !== undefined && !/^(latest|none|v\d+\.\d+)$/.test(versionPrefix)) {
    throw new UserInputError('USAGE', `--version-prefix ${versionPrefix}: use latest, none or a version such as v24.0`);
  }
  return {
    runs: runs === undefined ? DEFAULT_RUNS : wholeNumberFlag('--runs', runs, 1, 10_000),
    runsGiven: runs !== undefined,
    versionPrefix: versionPrefix ?? 'latest',
    versionPrefixGiven: versionPrefix !== undefined,
  };
}

function targetPlan(flags: RunFlags, config: ConfigValues): ServicePlan {
  const faults = listFlag(flags.fault);
  if (flags.record && flags.cassette) throw new UserInputError('USAGE', '--record and --cassette exclude each other; pick one');
  if (flags.secrets && !flags.cassette) throw new UserInputError('USAGE', '--secrets applies to a repeat: give --cassette FILE');
  if (flags.cassette) {
    if (flags.target || flags.profile) throw new UserInputError('USAGE', '--cassette replays a recorded run: drop --target and --profile');
    if (flags.allowOrigin?.length || flags.receiverHost) {
      throw new UserInputError('USAGE', '--cassette repeats a run offline, without any network request: drop --allow-origin and --receiver-host');
    }
    if (faults.length) {
      throw new UserInputError('USAGE', `--fault ${faults.join(',')}: a repeat answers from ${flags.cassette}, not from the reference; drop --fault`);
    }
    return { kind: 'cassette', file: flags.cassette, ...(flags.secrets ? { secrets: flags.secrets } : {}) };
  }
  // A --fault asks for the embedded reference: the config's target does not apply then.
  const given = flags.target ?? (faults.length || flags.profile ? undefined : config.target);
  const profile = flags.profile ?? (faults.length || flags.target ? undefined : config.profile);
  if (flags.target && faults.length) {
    throw new UserInputError('USAGE', '--fault only applies to the embedded reference; drop --target or --fault');
  }
  const url = given === undefined ? undefined : targetUrlFlag(given);
  const receiverHost = receiverHostFlag(flags.receiverHost);
  if (url || profile) return { kind: 'url', ...(url ? { url } : {}), ...(profile ? { profile } : {}), ...(receiverHost ? { receiverHost } : {}) };
  if (receiverHost) throw new UserInputError('USAGE', '--receiver-host applies to a --target or --profile; the embedded reference listens on loopback');
  return { kind: 'reference', faults };
}

/** `--allow-origin` and the config's `allow_origins`, as origins; an offline repeat sends nowhere, so it has none. */
function allowOrigins(flags: RunFlags, config: ConfigValues): string[] {
  if (flags.cassette) return [];
  return [...new Set([...(config.allow_origins ?? []), ...listFlag(flags.allowOrigin)].map(allowOriginFlag))];
}

function receiverHostFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\w.:[\]-]+$/.test(value)) {
    throw new UserInputError('USAGE', `--receiver-host ${JSON.stringify(value)}: give an address to listen on, e.g. 127.0.0.1 or 0.0.0.0`);
  }
  return value;
}

/** `--shard 2/3`. */
export function shardFlag(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count || count > 1000) {
    throw new UserInputError('USAGE', `--shard ${value}: write it as INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. --shard 2/3`);
  }
  return { index, count };
}

export function formatsFlag(values: string[] | undefined): ReportFormat[] {
  const formats = listFlag(values);
  if (formats.length === 0) return [...REPORT_FORMATS];
  const unknown = formats.filter((f) => !REPORT_FORMATS.includes(f as ReportFormat));
  if (unknown.length) {
    throw new UserInputError('USAGE', `--format ${unknown.join(',')}: unknown report format; use ${REPORT_FORMATS.join(', ')}`);
  }
  return [...new Set(formats)] as ReportFormat[];
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
}

/** The plan of a command other than `run`: its target and selection, and the rest as `run` decides it. */
export function sharedPlan(target: TargetPlan, selection: Pick<PlanSelection, 'rules' | 'side'>, flags: SharedFlags): RunPlan {
  return {
    ...seedOf(flags.seed),
    runs: DEFAULT_RUNS,
    runsGiven: false,
    versionPrefix: 'latest',
    versionPrefixGiven: false,
    selection: { suites: [], exclude: [], endpoints: [], ...selection },
    target,
    allowOrigins: [],
    timeoutMs: timeoutFlag(flags.timeout),
    ...suitesDirOf(flags.suitesDir),
    report: { dir: flags.reportDir ?? 'reports', formats: formatsFlag(flags.format), strict: flags.strict ?? false, allowStale: false, updateBaseline: false },
    showSecrets: flags.showSecrets ?? false,
    output: { quiet: flags.quiet ?? false, verbose: flags.verbose ?? false },
  };
}
