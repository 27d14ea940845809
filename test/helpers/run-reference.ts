import { openRun } from '../../harness/engine/open-run.js';
import { runSuites } from '../../harness/engine/run-suites.js';
import type { RunResult } from '../../harness/model/index.js';
import { validateProfile } from '../../harness/profile/load-profile.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { startReference } from '../../reference/index.js';
import { SUITES_DIR } from '../../bin/commands/run.js';

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
}

/** Starts the reference target (with faults), runs the selected rules against it through the engine, stops it. */
export async function runAgainstReference(options: ReferenceRunOptions = {}): Promise<RunResult> {
  const reference = await startReference({ faults: options.faults ?? [], fixtures: options.fixtures ?? 'full' });
  try {
    const profile = validateProfile(reference.profile, 'reference');
    const run = await openRun({
      profile,
      timeoutMs: 10_000,
      seed: options.seed ?? 42,
      runs: options.runs ?? 20,
      ...(options.runsFloor ? { runsFloor: options.runsFloor } : {}),
      versionPrefix: 'latest',
    });
    try {
      const suites = await loadSuites(options.suitesDir ?? SUITES_DIR);
      return await runSuites(suites, { suites: options.suites, rules: options.rules }, run.ctx);
    } finally {
      await run.close();
    }
  } finally {
    await reference.close();
  }
}

export function verdictsOf(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}
