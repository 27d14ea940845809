import { openRun } from '../../harness/target/open-run.js';
import { runSuites } from '../../harness/engine/run-suites.js';
import { runResult } from '../../harness/verdict/rule-result.js';
import type { RunResult } from '../../harness/model/index.js';
import { validateProfile } from '../../harness/profile/load-profile.js';
import { loadSuites } from '../../harness/suite-loading/load-suite.js';
import { startReference } from '../../reference/index.js';
import { referenceBehind } from './reference-behind.js';
import { everyShippedSuite } from './shipped-suites.js';

export interface ReferenceRunOptions {
  faults?: string[];
  suites?: string[];
  rules?: string[];
  seed?: number;
  runs?: number;
  /** An explicit `--runs`: every property rule runs at least this many times. */
  runsFloor?: number;
  /** `empty`: the reference starts with no seeded posts, photos, comments or templates. */
  fixtures?: 'full' | 'empty';
  /** A folder of suites other than the shipped ones. */
  suitesDir?: string;
  /** Rule executions at once (default 1, as `openRun`'s). */
  concurrency?: number;
  /** The reference's rate-limit switch: every Nth photos read of a Page and templates call of an account is limited. */
  rateLimitEvery?: number;
  /** The backoff's first wait on a rate limit (the reference's answers name no Retry-After). */
  rateLimitBaseMs?: number;
  /** A profile without `control_url`: the target as one without the control protocol (no reset, no clock). */
  withoutControl?: boolean;
  /** The reference's media origin: pictures and photo files served from a second port, as a CDN would. */
  mediaOrigin?: boolean;
  /** Sessions the reference serves at once (contract §2.1; its default 32); 0: it serves none. */
  maxSessions?: number;
  /** A front to put the reference behind (`referenceBehind`): a target that answers otherwise than the reference. */
  front?: (upstream: () => string) => Promise<{ url: string; close(): Promise<void> }>;
}

/** Starts the reference target (with faults), runs the selected rules against it through the engine, stops it. */
export async function runAgainstReference(options: ReferenceRunOptions = {}): Promise<RunResult> {
  const referenceOptions = {
    faults: options.faults ?? [],
    fixtures: options.fixtures ?? 'full',
    ...(options.rateLimitEvery ? { rateLimitEvery: options.rateLimitEvery } : {}),
    ...(options.mediaOrigin ? { mediaOrigin: {} } : {}),
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
  };
  const behind = options.front ? await referenceBehind(options.front, referenceOptions) : undefined;
  const reference = behind?.reference ?? (await startReference(referenceOptions));
  try {
    const { control_url: _control, capabilities: _capabilities, ...withoutControl } = reference.profile;
    const profile = validateProfile(options.withoutControl ? withoutControl : reference.profile, 'reference');
    const run = await openRun({
      profile,
      timeoutMs: 10_000,
      seed: options.seed ?? 42,
      runs: options.runs ?? 20,
      ...(options.runsFloor ? { runsFloor: options.runsFloor } : {}),
      versionPrefix: 'latest',
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.rateLimitBaseMs !== undefined ? { rateLimitBaseMs: options.rateLimitBaseMs } : {}),
    });
    try {
      const suites = await (options.suitesDir ? loadSuites(options.suitesDir) : everyShippedSuite());
      return runResult(await runSuites(suites, { suites: options.suites, rules: options.rules }, run.ctx), run.ctx.seed);
    } finally {
      await run.close();
    }
  } finally {
    await (behind ?? reference).close();
  }
}

/**
 * What a run judged, without what may differ between two runs of the same seed: timings, and the ids and times the
 * target handed out (findings quote the answers they judged, which name ids made during the run, in the order the
 * target met the requests).
 */
export function judgedOf(result: RunResult) {
  return result.results.map((r) => ({
    rule: r.rule,
    verdict: r.verdict,
    findings: r.findings.map((f) => ({ check: f.check, message: withoutIds(f.message) })),
    reason: r.reason && withoutIds(r.reason),
  }));
}

/** Numbers of three digits or more: ids and times the target handed out, which differ between two runs. */
export function withoutIds(text: string): string {
  return text.replace(/\d{3,}/g, 'N');
}

export function verdictsOf(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}

