import { openRun } from '../../harness/target/open-run.js';
import { runSuites } from '../../harness/engine/run-suites.js';
import { runResult } from '../../harness/verdict/rule-result.js';
import type { RunResult } from '../../harness/model/index.js';
import type { Profile } from '../../harness/profile/profile.js';
import { validateProfile } from '../../harness/profile/load-profile.js';
import type { Suite } from '../../harness/suite/suite.js';
import { type RunningReference, startReference } from '../../reference/index.js';
import { referenceBehind } from './reference-behind.js';
import { everyShippedSuite } from './shipped-suites.js';

export interface WebhookRunOptions {
  faults?: string[];
  /** Reference option: the client certificate's CN, or false for no mTLS (default: the reference's default). */
  mtls?: { cn: string } | false;
  suites?: string[];
  rules?: string[];
  seed?: number;
  /** Suites to run instead of the shipped ones. */
  loaded?: Suite[];
  /** Changes the profile the run sees (a target without `trust`, say). */
  profile?: (profile: Profile) => Profile;
  caDir?: string;
  /**
   * A front to put the reference behind (`referenceBehind`): started first, and named as the reference's public URL,
   * so the profile and every link lead through it.
   */
  front?: (upstream: () => string) => Promise<{ url: string; close(): Promise<void> }>;
  /** Called with the running reference before the run (to trust a CA by hand, say). */
  before?: (reference: RunningReference) => Promise<void>;
  /** Called with the running reference after the run closed, before it stops. */
  after?: (reference: RunningReference) => Promise<void>;
}

/** Starts the reference, runs the webhook suites (or the given ones) through the engine, stops everything. */
export async function runWebhookSuites(options: WebhookRunOptions = {}): Promise<RunResult> {
  const referenceOptions = {
    faults: options.faults ?? [],
    ...(options.mtls !== undefined ? { mtls: options.mtls } : {}),
  };
  const behind = options.front ? await referenceBehind(options.front, referenceOptions) : undefined;
  const reference = behind?.reference ?? (await startReference(referenceOptions));
  try {
    await options.before?.(reference);
    const validated = validateProfile(reference.profile, 'reference');
    const profile = options.profile ? options.profile(validated) : validated;
    const run = await openRun({
      profile,
      timeoutMs: 10_000,
      seed: options.seed ?? 11,
      runs: 20,
      versionPrefix: 'latest',
      ...(options.caDir ? { caDir: options.caDir } : {}),
    });
    let result: RunResult;
    try {
      const suites = options.loaded ?? (await everyShippedSuite());
      const selection = { suites: options.suites ?? ['subscriptions', 'webhooks'], rules: options.rules };
      result = runResult(await runSuites(suites, selection, run.ctx), run.ctx.seed);
    } finally {
      await run.close();
    }
    await options.after?.(reference);
    return result;
  } finally {
    await (behind ?? reference).close();
  }
}

export function verdicts(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}

export function resultOf(result: RunResult, rule: string) {
  const found = result.results.find((r) => r.rule === rule);
  if (!found) throw new Error(`rule ${rule} did not run`);
  return found;
}
