import type { RulesRun } from '../model/index.js';
import type { ReportSecrets } from '../reports/output-edge.js';
import type { Suite } from '../suite/suite.js';
import { openCallbackSide } from './callback-side.js';
import type { Surroundings } from './execute.js';
import type { JudgingOutput } from './report-tail.js';
import type { RunPlan } from './run-plan.js';
import { openServiceSide } from './service-side.js';
import { openTrafficSide } from './traffic-side.js';

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

/** Opens the side the plan's target names: a target (live, recorded or repeated), an app's callback, or traffic. */
export function openSide(plan: RunPlan, around: Surroundings): Promise<OpenedSide> {
  const { target } = plan;
  switch (target.kind) {
    case 'callback':
      return openCallbackSide(plan, target);
    case 'traffic':
      return openTrafficSide(plan, target, around.env);
    default:
      return openServiceSide(plan, target, around);
  }
}
