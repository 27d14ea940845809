import { trafficPlanOf } from '../harness/run/plan-of.js';
import type { TrafficOptions } from '../harness/run/plan-options.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { inFlagWords, sharedOptionsOf } from './plan-from-flags.js';

export interface CheckFlags {
  cassette: string;
  /** `service` (default): the target's answers; `client`: the caller's own requests. */
  side?: string;
  profile?: string;
  rule?: string[];
  reportDir?: string;
  suitesDir?: string;
  verbose?: boolean;
  showSecrets?: boolean;
}

/** The flags of `check` as a plan: recorded traffic, one side's passive rules, every report file. */
export function checkPlan(flags: CheckFlags): RunPlan {
  // The side is checked by `trafficPlanOf`, which names it as the flag here.
  const side = flags.side as TrafficOptions['side'];
  const options = { ...sharedOptionsOf(flags), cassette: flags.cassette, ...(side ? { side } : {}), ...(flags.profile ? { profile: flags.profile } : {}) };
  return inFlagWords(() => trafficPlanOf(options));
}
