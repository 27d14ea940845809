// What a side of a run is handed (Surroundings, from `execute`) and what it hands back opened (OpenedSide), in a
// file of their own: `execute`, `open-side` and each side read them, and none of those imports another for a type.
import type { RulesRun } from '../model/index.js';
import type { ReportSecrets } from '../reports/output-edge.js';
import type { StartReference } from '../target/open-target.js';
import type { Suite } from '../suite/suite.js';
import type { JudgingOutput, Output } from './report-tail.js';
import type { RunPlan } from './run-plan.js';

/** What `execute` is handed besides the plan: where output goes, what the environment holds. */
export interface Surroundings extends Output {
  /** Notices (standard error): a repeat's requests its cassette could not answer. Default: the process's stderr. */
  warn?(text: string): void;
  /** What a profile file's `${ENV}` values read. Default: the process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Starts the embedded reference (`bin/` hands it over: no harness unit imports reference/). */
  startReference?: StartReference;
  /** The suites of `plan.suitesDir`, already loaded (a caller running several plans loads them once). */
  suites?: Suite[];
}

/** What a plan judges, opened: all `execute` needs to know of it, whichever it is. */
export interface OpenedSide {
  /** The plan that runs (a repeat's carries the recorded seed, run count, prefix and selection). */
  plan: RunPlan;
  /** What the side knows to keep out of every output before any traffic (tokens, app secret, verify token). */
  secrets: ReportSecrets;
  /** The first line: what is judged, and the seed. */
  heading: string;
  /** Judges the plan's rules, each result emitted on the run's events as it ends; their results and times. */
  judge(suites: Suite[], output: JudgingOutput): Promise<RulesRun>;
  close(): Promise<void>;
}
