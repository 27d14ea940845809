import { UserInputError } from '../harness/errors.js';
import { REPORT_FORMATS } from '../harness/reports/report-files.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { listFlag } from './flags.js';
import { sharedPlan } from './plan-from-flags.js';

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
  const side = sideFlag(flags.side);
  const target = { kind: 'traffic' as const, file: flags.cassette, ...(flags.profile ? { profile: flags.profile } : {}) };
  return sharedPlan(target, { rules: listFlag(flags.rule), side }, { ...flags, format: [...REPORT_FORMATS] });
}

function sideFlag(value = 'service'): 'service' | 'client' {
  if (value === 'service' || value === 'client') return value;
  throw new UserInputError('USAGE', `--side ${value}: give service (the target's answers) or client (the caller's requests)`);
}
