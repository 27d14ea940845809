import type { OpenRunOptions } from '../../target/open-run.js';
import type { ReachedTarget } from '../../target/open-target.js';
import type { TargetRunContext } from '../../engine/run-context.js';
import type { Profile } from '../../profile/profile.js';
import type { RunPlan } from '../run-plan.js';

/**
 * What a run against a target is given by the layer around it: the target as it is (`live`), reached through a
 * recording proxy (`record-around`), or a recorded run repeated offline (`repeat-from`). The run itself never
 * asks which: it opens its context with `run`, announces each rule on the one `ruleStarted` event, and calls
 * `finish` once the rules ran.
 */
export interface TargetLayer {
  /** The plan the run follows (a repeat's carries the recorded seed, run count, prefix and selection). */
  plan: RunPlan;
  /** The target's own profile: what the first line names and what the outputs keep secret. */
  profile: Profile;
  /** How the run context is opened: where requests go, and where webhook arrivals come from and go. */
  run: Pick<OpenRunOptions, 'profile' | 'origins' | 'recordedHost' | 'unissuedToken' | 'arrivals' | 'sink'>;
  /** A rule starts (the one event the cassette's positions, the replay and the webhook tape all follow). */
  ruleStarted(ruleId: string): void;
  /** The rules ran (`ranIds`, in order), while the run's content host still stands. */
  finish(ctx: TargetRunContext, ranIds: string[]): Promise<void>;
  close(): Promise<void>;
}

/** A live run, neither recorded nor repeated: the target as reached. */
export function live(plan: RunPlan, target: ReachedTarget): TargetLayer {
  return {
    plan,
    profile: target.profile,
    run: { profile: target.profile, origins: target.origins },
    ruleStarted: () => {},
    finish: async () => {},
    close: () => target.close(),
  };
}
