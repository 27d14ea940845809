// Over 250 lines: the one place a run's recipe is decided and checked (run, webhook-test, check), each refusal
// naming its option; split, its checks would scatter again between bin/ and the harness.
import { isSequencePath } from '../sequence/sequence-path.js';
import { resolve } from 'node:path';
import { type OptionNames, PlanOptionError } from '../errors.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import { REPORT_FORMATS, type ReportFormat } from '../reports/report-files.js';
import { SUITES_DIR } from '../suite/suites-dir.js';
import type { ConfigValues } from './config-values.js';
import { DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, drawSeed } from './defaults.js';
import type { CallbackOptions, PlanOptions, SharedOptions, TrafficOptions } from './plan-options.js';
import type { PlanSelection, RunPlan, ServicePlan, Shard, TargetPlan } from './run-plan.js';

type Option = keyof PlanOptions | keyof CallbackOptions | keyof TrafficOptions;

/** A refusal naming its option; `say` writes the message with the option names of whoever reads it. */
function refused(option: Option, say: (n: OptionNames) => string): PlanOptionError {
  return new PlanOptionError(option, say);
}

/**
 * Options, then the config file, then the defaults: the one place a run's recipe is decided, for the command line
 * (its flags parsed in `bin/`) and the library alike. Every value is checked here once; what follows reads the plan.
 */
export function planOf(options: PlanOptions, config: ConfigValues = {}): RunPlan & { target: ServicePlan } {
  const baseline = options.baseline ?? config.baseline;
  if (options.updateBaseline && !baseline) {
    throw refused('updateBaseline', (n) => `${n('updateBaseline')} writes the baseline file: give it with ${n('baseline')} FILE`);
  }
  return {
    ...seedOf(options.seed),
    ...runsAndPrefix(options, config),
    selection: {
      suites: listOf(options.suites ?? config.suites),
      rules: listOf(options.rules ?? config.rules),
      exclude: [...listOf(config.exclude), ...listOf(options.exclude)],
      endpoints: (options.endpoints ?? config.endpoints ?? []).map((e) => e.trim()).filter(Boolean),
      ...areasOf(options.areas ?? config.areas),
      ...(options.shard === undefined ? {} : { shard: shardOf(options.shard) }),
    },
    target: targetPlan(options, config),
    ...(options.caDir ?? config.ca_dir ? { caDir: options.caDir ?? config.ca_dir } : {}),
    allowOrigins: allowOrigins(options, config),
    timeoutMs: timeoutOf(options.timeoutMs ?? config.timeout),
    ...pace(options, config),
    ...suitesDirOf(options.suitesDir),
    report: {
      dir: options.reportDir ?? config.report_dir ?? 'reports',
      formats: formatsOf(options.formats ?? config.formats),
      strict: options.strict ?? config.strict ?? false,
      ...(baseline ? { baseline } : {}),
      allowStale: options.allowStale ?? config.allow_stale ?? false,
      updateBaseline: options.updateBaseline ?? false,
    },
    showSecrets: options.showSecrets ?? false,
    ...(options.record ? { record: options.record } : {}),
    ...sequencePathOf(options),
    output: { quiet: options.quiet ?? false, verbose: options.verbose ?? false },
  };
}

/** A sequence rule's shrunk failure, checked for its shape now, for the one rule a replay line names. */
function sequencePathOf(options: PlanOptions): Pick<RunPlan, 'sequencePath'> {
  if (options.sequencePath === undefined) return {};
  const path = options.sequencePath.trim();
  if (!isSequencePath(path)) {
    throw refused('sequencePath', (n) => `${n('sequencePath')} ${path}: expected the path a sequence failure printed (such as 12:3:0@AAc:B~2); copy it from the replay line`);
  }
  if (listOf(options.rules).length !== 1) {
    throw refused('sequencePath', (n) => `${n('sequencePath')} ${path}: a path replays one sequence rule's failure; give that rule alone with ${n('rules')} ID`);
  }
  return { sequencePath: path };
}

/** `webhook-test`'s plan: refused here when its options cannot make a run, before anything is sent. */
export function callbackPlanOf(options: CallbackOptions): RunPlan {
  if (!isHttpUrl(options.callback)) {
    throw refused('callback', (n) => `${n('callback')} ${options.callback}: not an http(s) URL; e.g. https://127.0.0.1:3000/webhook`);
  }
  if (!options.verifyToken) throw refused('verifyToken', (n) => `${n('verifyToken')} is empty; pass the token your endpoint expects`);
  if (!options.appSecret) throw refused('appSecret', (n) => `${n('appSecret')} is empty; pass the secret your endpoint verifies with`);
  if (options.clientCa && !options.clientCn) {
    throw refused('clientCa', (n) => `${n('clientCa')} needs ${n('clientCn')}: the common name your endpoint expects of the client certificate`);
  }
  if (options.clientCn && !options.clientCa) {
    throw refused('clientCn', (n) => `${n('clientCn')} needs ${n('clientCa')}: the CA folder (graphcheck ca) your endpoint trusts for client certificates`);
  }
  const { callback: url, verifyToken, appSecret, ca, clientCa, clientCn } = options;
  const target = { kind: 'callback' as const, url, verifyToken, appSecret, ...(ca ? { ca } : {}), ...(clientCa ? { clientCa, clientCn } : {}) };
  return sharedPlan(target, { rules: listOf(options.rules), side: 'callback' }, options);
}

/** `check`'s plan: recorded traffic, one side's passive rules, every report file. */
export function trafficPlanOf(options: TrafficOptions): RunPlan {
  const side = options.side ?? 'service';
  if (side !== 'service' && side !== 'client') {
    throw refused('side', (n) => `${n('side')} ${String(side)}: give service (the target's answers) or client (the caller's requests)`);
  }
  const target = { kind: 'traffic' as const, file: options.cassette, ...(options.profile ? { profile: options.profile } : {}) };
  return sharedPlan(target, { rules: listOf(options.rules), side }, options);
}

/** The plan of a command other than `run`: its target and selection, and the rest as `run` decides it. */
function sharedPlan(target: TargetPlan, selection: Pick<PlanSelection, 'rules' | 'side'>, options: SharedOptions): RunPlan {
  return {
    ...seedOf(options.seed),
    runs: DEFAULT_RUNS,
    runsGiven: false,
    versionPrefix: 'latest',
    versionPrefixGiven: false,
    selection: { suites: [], exclude: [], endpoints: [], ...selection },
    target,
    allowOrigins: [],
    timeoutMs: timeoutOf(options.timeoutMs),
    ...suitesDirOf(options.suitesDir),
    report: { dir: options.reportDir ?? 'reports', formats: formatsOf(options.formats), strict: options.strict ?? false, allowStale: false, updateBaseline: false },
    showSecrets: options.showSecrets ?? false,
    output: { quiet: options.quiet ?? false, verbose: options.verbose ?? false },
  };
}

/** The seed given, or one drawn now (`drawSeed`, the one place a seed is drawn): every judging command's. */
function seedOf(seed: number | undefined): Pick<RunPlan, 'seed' | 'seedGiven'> {
  if (seed === undefined) return { seed: drawSeed(), seedGiven: false };
  return { seed: wholeNumber('seed', seed, 0, 2 ** 32 - 1), seedGiven: true };
}

function timeoutOf(timeoutMs: number | undefined): number {
  return timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : wholeNumber('timeoutMs', timeoutMs, 1);
}

/** The suites folder, else the shipped suites (a replay command leaves the default out). */
function suitesDirOf(dir: string | undefined): Pick<RunPlan, 'suitesDir' | 'suitesDirIsDefault'> {
  const suitesDir = dir ?? SUITES_DIR;
  return { suitesDir, suitesDirIsDefault: resolve(suitesDir) === resolve(SUITES_DIR) };
}

/** A whole number within bounds, or a refusal naming its option. */
function wholeNumber(option: Option, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw refused(option, (n) => `${n(option)} ${String(value)}: expected a whole number from ${min} to ${max}`);
  }
  return value;
}

/** Names given as lists, each entry possibly comma-separated (`a,b`): one name each. */
function listOf(values: readonly string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** Areas; absent when none is named (most selections name none). */
function areasOf(values: string[] | undefined): Pick<RunPlan['selection'], 'areas'> {
  const areas = listOf(values);
  return areas.length ? { areas } : {};
}

/** A shard as a value, or as written (`2/3`). */
export function shardOf(value: Shard | string): Shard {
  const match = typeof value === 'string' ? /^(\d+)\/(\d+)$/.exec(value.trim()) : undefined;
  const { index, count } = typeof value === 'string' ? { index: Number(match?.[1]), count: Number(match?.[2]) } : value;
  if ((typeof value === 'string' && !match) || !Number.isInteger(index) || !Number.isInteger(count) || count < 1 || index < 1 || index > count || count > 1000) {
    const written = typeof value === 'string' ? value : `${value.index}/${value.count}`;
    throw refused('shard', (n) => `${n('shard')} ${written}: write it as INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. ${n('shard')} 2/3`);
  }
  return { index, count };
}

function formatsOf(values: readonly string[] | undefined): ReportFormat[] {
  const formats = listOf(values);
  if (formats.length === 0) return [...REPORT_FORMATS];
  const unknown = formats.filter((f) => !REPORT_FORMATS.includes(f as ReportFormat));
  if (unknown.length) {
    throw refused('formats', (n) => `${n('formats')} ${unknown.join(',')}: unknown report format; use ${REPORT_FORMATS.join(', ')}`);
  }
  return [...new Set(formats)] as ReportFormat[];
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DAY_MS = 24 * 3_600_000;

/**
 * A duration as written (`1500ms`, `90s`, `5m`, `1h`, or `0`), in milliseconds; undefined when it is not one or
 * is over a day. A bare number other than 0 is not one (seconds? milliseconds, as the timeout takes?).
 */
export function durationMsOf(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  const unit = m?.[2] ?? (Number(m?.[1]) === 0 ? 'ms' : undefined);
  const ms = m && unit ? Math.round(Number(m[1]) * DURATION_UNITS[unit]!) : NaN;
  return Number.isSafeInteger(ms) && ms <= DAY_MS ? ms : undefined;
}

/** The config file's `max_wait` (`90s`, or 0), or the option's milliseconds. */
function maxWaitOf(options: PlanOptions, config: ConfigValues): number | undefined {
  if (options.maxWaitMs !== undefined) return wholeNumber('maxWaitMs', options.maxWaitMs, 0, DAY_MS);
  if (config.max_wait === undefined) return undefined;
  const ms = durationMsOf(String(config.max_wait));
  if (ms === undefined) {
    throw refused('maxWaitMs', (n) => `${n('maxWaitMs')} ${String(config.max_wait)}: not a duration; give one such as 90s, 5m or 1h (at most 24h; 0 never waits)`);
  }
  return ms;
}

/**
 * Concurrency, requests a second and the longest wait for rate limits (else the config file's). A recording keeps
 * each rule's traffic apart and its repeat plays it back in that order: both run one rule at a time.
 */
function pace(options: PlanOptions, config: ConfigValues): Pick<RunPlan, 'concurrency' | 'maxRps' | 'maxWaitMs' | 'rateLimitBaseMs'> {
  const given = options.concurrency ?? config.concurrency;
  const maxRps = options.maxRps ?? config.max_rps;
  const maxWaitMs = maxWaitOf(options, config);
  const concurrency = given === undefined ? undefined : wholeNumber('concurrency', given, 1, 256);
  const recorded = options.record ? 'record' : options.cassette ? 'cassette' : undefined;
  if (recorded && concurrency !== undefined && concurrency > 1) {
    throw refused('concurrency', (n) => `${n('concurrency')} ${concurrency}: ${n(recorded)} keeps each rule's traffic apart, so it runs one rule at a time; drop ${n('concurrency')}`);
  }
  return {
    concurrency: recorded ? 1 : (concurrency ?? 'by-round-trip'),
    ...(maxRps === undefined ? {} : { maxRps: wholeNumber('maxRps', maxRps, 1, 100_000) }),
    ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
    ...(options.rateLimitBaseMs === undefined ? {} : { rateLimitBaseMs: wholeNumber('rateLimitBaseMs', options.rateLimitBaseMs, 0) }),
  };
}

function runsAndPrefix(options: PlanOptions, config: ConfigValues): Pick<RunPlan, 'runs' | 'runsGiven' | 'versionPrefix' | 'versionPrefixGiven'> {
  const runs = options.runs ?? config.runs;
  const versionPrefix = options.versionPrefix ?? config.version_prefix;
  if (versionPrefix !== undefined && !/^(latest|none|v\d+\.\d+)$/.test(versionPrefix)) {
    throw refused('versionPrefix', (n) => `${n('versionPrefix')} ${versionPrefix}: use latest, none or a version such as v24.0`);
  }
  return {
    runs: runs === undefined ? DEFAULT_RUNS : wholeNumber('runs', runs, 1, 10_000),
    runsGiven: runs !== undefined,
    versionPrefix: versionPrefix ?? 'latest',
    versionPrefixGiven: versionPrefix !== undefined,
  };
}

function targetPlan(options: PlanOptions, config: ConfigValues): ServicePlan {
  const faults = listOf(options.faults);
  if (options.record && options.cassette) throw refused('record', (n) => `${n('record')} and ${n('cassette')} exclude each other; pick one`);
  if (options.secrets !== undefined && options.secrets !== 'hash' && options.secrets !== 'any') {
    throw refused('secrets', (n) => `${n('secrets')} ${String(options.secrets)}: unknown; use hash (the recorded secrets) or any (dummy ones)`);
  }
  if (options.secrets && !options.cassette) throw refused('secrets', (n) => `${n('secrets')} applies to a repeat: give ${n('cassette')} FILE`);
  if (options.cassette) return cassettePlan(options, options.cassette, faults);
  // A fault asks for the embedded reference: the config's target does not apply then.
  const given = options.target ?? (faults.length || options.profile ? undefined : config.target);
  const profile = options.profile ?? (faults.length || options.target ? undefined : config.profile);
  if (options.target && faults.length) {
    throw refused('faults', (n) => `${n('faults')} only applies to the embedded reference; drop ${n('target')} or ${n('faults')}`);
  }
  const url = given === undefined ? undefined : targetUrlOf(given);
  const receiverHost = receiverHostOf(options.receiverHost);
  if (url || profile) return { kind: 'url', ...(url ? { url } : {}), ...(profile ? { profile } : {}), ...(receiverHost ? { receiverHost } : {}) };
  if (receiverHost) {
    throw refused('receiverHost', (n) => `${n('receiverHost')} applies to a ${n('target')} or ${n('profile')}; the embedded reference listens on loopback`);
  }
  return { kind: 'reference', faults };
}

function cassettePlan(options: PlanOptions, file: string, faults: string[]): ServicePlan {
  if (options.target || options.profile) {
    throw refused('cassette', (n) => `${n('cassette')} replays a recorded run: drop ${n('target')} and ${n('profile')}`);
  }
  if (options.allowOrigins?.length || options.receiverHost) {
    throw refused('cassette', (n) => `${n('cassette')} repeats a run offline, without any network request: drop ${n('allowOrigins')} and ${n('receiverHost')}`);
  }
  if (faults.length) {
    throw refused('faults', (n) => `${n('faults')} ${faults.join(',')}: a repeat answers from ${file}, not from the reference; drop ${n('faults')}`);
  }
  return { kind: 'cassette', file, ...(options.secrets ? { secrets: options.secrets } : {}) };
}

/** The origins given and the config's `allow_origins`; an offline repeat sends nowhere, so it has none. */
function allowOrigins(options: PlanOptions, config: ConfigValues): string[] {
  if (options.cassette) return [];
  const origin = (value: string) => {
    // The value is left out of the message: a URL that is not one may still hold a password.
    if (!isHttpUrl(value)) throw refused('allowOrigins', (n) => `${n('allowOrigins')}: not an http(s) URL; give an origin such as https://cdn.example:8443`);
    return new URL(value).origin;
  };
  return [...new Set([...(config.allow_origins ?? []), ...listOf(options.allowOrigins)].map(origin))];
}

/** The target's base URL without userinfo (the client never sends it, and nothing after this can print it). */
function targetUrlOf(value: string): string {
  if (!isHttpUrl(value)) {
    throw refused('target', (n) => `${n('target')}: not an http(s) URL; give the target's base URL, e.g. http://127.0.0.1:8080`);
  }
  return withoutUserinfo(value);
}

function receiverHostOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\w.:[\]-]+$/.test(value)) {
    throw refused('receiverHost', (n) => `${n('receiverHost')} ${JSON.stringify(value)}: give an address to listen on, e.g. 127.0.0.1 or 0.0.0.0`);
  }
  return value;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
