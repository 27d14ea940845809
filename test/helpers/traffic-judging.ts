import { checkPlan } from '../../bin/check-plan.js';
import type { CheckContext } from '../../harness/checks/check.js';
import type { TrafficJudging } from '../../harness/passive/check-traffic.js';
import type { Profile } from '../../harness/profile/profile.js';
import { replayCommand } from '../../harness/run/replay-command.js';

/**
 * How `graphcheck check --cassette NAME [--side client]` hands traffic to the passive judge: the plan's replay
 * lines and seed, the side's rules, and the profile when one is given.
 */
export function judging(ctx: CheckContext, options: { side?: 'service' | 'client'; profile?: Profile; name?: string } = {}): TrafficJudging {
  const plan = checkPlan({ cassette: options.name ?? 'test', ...(options.side ? { side: options.side } : {}) });
  return {
    ctx,
    selection: plan.selection,
    ...(options.profile ? { profile: options.profile } : {}),
    replayCommand: (id) => replayCommand(plan, id),
    seed: plan.seed,
  };
}
