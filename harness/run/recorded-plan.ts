import type { RunDocument } from '../cassette/cassette-format.js';
import type { RunPlan } from './run-plan.js';

type RecordedFacts = Pick<RunDocument['run'], 'seed' | 'runs' | 'version_prefix' | 'suites' | 'rules'>;

/**
 * What a recorded run keeps of its plan, for the repeat: the values that decide the requests, and the selection.
 * A selection narrowed by excludes, endpoints or a shard is kept as the exact rule ids that ran.
 */
export function recordedFacts(plan: RunPlan, ranIds: string[]): RecordedFacts {
  const { suites, rules, exclude, endpoints, shard } = plan.selection;
  const exact = exclude.length > 0 || endpoints.length > 0 || shard !== undefined;
  return {
    seed: plan.seed,
    runs: plan.runs,
    version_prefix: plan.versionPrefix,
    ...(exact ? { rules: ranIds } : {}),
    ...(!exact && suites.length ? { suites } : {}),
    ...(!exact && rules.length ? { rules } : {}),
  };
}

/**
 * The plan of a repeat: the recorded seed, run count, prefix and selection, unless the user narrows the selection.
 * Returns the reason when the user asked for a value the cassette fixes otherwise.
 */
export function repeatPlan(plan: RunPlan, run: RecordedFacts, file: string): RunPlan | string {
  const recorded = (flag: string, value: string | number) => `${file} was recorded with ${flag} ${value}; drop ${flag}`;
  if (plan.seedGiven && plan.seed !== run.seed) return `--seed ${plan.seed}: ${recorded('--seed', run.seed)}`;
  if (plan.runsGiven && plan.runs !== run.runs) return `--runs ${plan.runs}: ${recorded('--runs', run.runs)}`;
  if (plan.versionPrefixGiven && plan.versionPrefix !== run.version_prefix) {
    return `--version-prefix ${plan.versionPrefix}: ${recorded('--version-prefix', run.version_prefix)}`;
  }
  const s = plan.selection;
  const narrowed = s.suites.length || s.rules.length || s.exclude.length || s.endpoints.length || s.shard;
  return {
    ...plan,
    seed: run.seed,
    runs: run.runs,
    versionPrefix: run.version_prefix,
    // --suite, --rule and the rest narrow the recorded run (each rule answers from where its recording began).
    selection: narrowed ? s : { suites: run.suites ?? [], rules: run.rules ?? [], exclude: [], endpoints: [] },
  };
}
