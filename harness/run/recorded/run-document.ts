import type { ReplaySource } from '../../replay/load-replay.js';
import type { RunPlan } from '../run-plan.js';

/** The run document as a cassette holds it (`graphcheck run --record`'s last document), as the replay reads it. */
type RecordedRun = NonNullable<ReplaySource['run']>;
type RecordedPlan = Pick<RecordedRun, 'seed' | 'runs' | 'version_prefix' | 'suites' | 'rules'>;

/** What a recorded run knows at its end besides its plan, for `runDocument`. */
export interface RunEnd {
  /** The rules that ran, in order. */
  ranIds: string[];
  /** The profile the run was given (secrets in clear: the cassette writer replaces them). */
  profile: object;
  /** The run's content host: its address and the closed one it used as an unreachable link. */
  host: { url: string; unreachableUrl(): string };
  unissuedToken: string;
  /** The values the run sent the target on its webhook side (verify token, CA, callback addresses). */
  webhooks: NonNullable<RecordedRun['webhooks']>;
  /** Per rule id, the cassette position of its first exchange. */
  ruleStarts: Record<string, number>;
}

/**
 * The one builder of a recorded run's document (written last into its cassette by `run --record`): what the
 * repeat needs to send the same requests. A selection narrowed by excludes, endpoints or a shard is kept as the
 * exact rule ids that ran.
 */
export function runDocument(plan: RunPlan, end: RunEnd): RecordedRun {
  const { suites, rules, exclude, endpoints, areas, shard } = plan.selection;
  const exact = exclude.length > 0 || endpoints.length > 0 || (areas?.length ?? 0) > 0 || shard !== undefined;
  return {
    seed: plan.seed,
    runs: plan.runs,
    version_prefix: plan.versionPrefix,
    ...(exact ? { rules: end.ranIds } : {}),
    ...(!exact && suites.length ? { suites } : {}),
    ...(!exact && rules.length ? { rules } : {}),
    profile: { ...end.profile },
    host_url: end.host.url,
    host_unreachable: end.host.unreachableUrl(),
    unissued_token: end.unissuedToken,
    rule_starts: end.ruleStarts,
    webhooks: end.webhooks,
  };
}

/**
 * The plan of a repeat: the recorded seed, run count, prefix and selection, unless the user narrows the selection.
 * Returns the reason when the user asked for a value the cassette fixes otherwise.
 */
export function repeatPlan(plan: RunPlan, run: RecordedPlan, file: string): RunPlan | string {
  const recorded = (flag: string, value: string | number) => `${file} was recorded with ${flag} ${value}; drop ${flag}`;
  if (plan.seedGiven && plan.seed !== run.seed) return `--seed ${plan.seed}: ${recorded('--seed', run.seed)}`;
  if (plan.runsGiven && plan.runs !== run.runs) return `--runs ${plan.runs}: ${recorded('--runs', run.runs)}`;
  if (plan.versionPrefixGiven && plan.versionPrefix !== run.version_prefix) {
    return `--version-prefix ${plan.versionPrefix}: ${recorded('--version-prefix', run.version_prefix)}`;
  }
  const s = plan.selection;
  const narrowed = s.suites.length || s.rules.length || s.exclude.length || s.endpoints.length || s.areas?.length || s.shard;
  return {
    ...plan,
    seed: run.seed,
    runs: run.runs,
    versionPrefix: run.version_prefix,
    // --suite, --rule and the rest narrow the recorded run (each rule answers from where its recording began).
    selection: narrowed ? s : { suites: run.suites ?? [], rules: run.rules ?? [], exclude: [], endpoints: [] },
  };
}
