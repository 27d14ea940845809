import type { CheckContext } from '../checks/check.js';
import type { GraphClient } from '../client/graph-client.js';
import type { ContentHost } from '../content-host/index.js';
import type { ControlClient } from '../control/control-client.js';
import type { Exchange } from '../model/index.js';
import { DEFAULT_ERROR_PATHS, type Profile } from '../profile/profile.js';
import type { SessionPool } from '../sessions/index.js';
import type { Concurrency, Slots } from './slots.js';
import type { CallbackUnderTest } from '../callback-client/callback-client.js';
import type { WebhookHarness } from '../webhooks/webhook-harness.js';

/** What every run has, whichever side it plays against: the seed, the property runs, how a rule is replayed. */
export interface RunCore {
  seed: number;
  /** Property runs per rule when the rule does not say (`--runs`). */
  runs: number;
  /** An explicit `--runs N`: every property rule runs at least N times. */
  runsFloor?: number;
  /** How many rule executions may be at work at once (`--concurrency`, or by the round trip); default 1. */
  concurrency?: Concurrency;
  /**
   * The run's slots while rules are scheduled: a shared rule's property runs and work a step can do side by side
   * (a sweep's groups) also take any slot free at the moment, never waiting for one, so `--concurrency` bounds them
   * as it bounds rules.
   */
  slots?: Slots;
  /** The command that runs one rule again with the same requests (rendered from the run plan). */
  replayCommand(ruleId: string): string;
  /** How reports name what was judged (`--target http://…`, `embedded reference`, `webhook-test --callback`). */
  targetSource: string;
  /** `--sequence-path`: a sequence rule runs exactly the shrunk sequence a failure printed, once. */
  sequencePath?: string;
}

/**
 * A target under test (`graphcheck run`, `doctor`): its profile, the clients that reach it, the content host it
 * fetches from, the webhook receiver it calls, and what preflight found. The step kinds of `side: target` use it.
 */
export interface TargetSession {
  profile: Profile;
  client: GraphClient;
  /** The control protocol, keeping no evidence: an execution gets its own (`Execution.target.control`). */
  control: ControlClient;
  host: ContentHost;
  /** The version prefix the run uses for `version: default` (null: bare paths). */
  version: string | null;
  /** A token the target never issued (code 190 rules). */
  unissuedToken: string;
  /** Problems preflight found, keyed by need (`tokens.page`, `fixtures.thread_id`, `capabilities.clock`). */
  setupProblems: Map<string, string>;
  /**
   * Areas of the interface the target does not serve, as preflight found (by name, `feed`: why): rules of other
   * areas that need one are skipped, and a `one_of` step takes an alternative elsewhere.
   */
  unserved: Map<string, string>;
  /** Why the target's time cannot be read (no control `clock`, no `Date` header): rules reading it are skipped. */
  timeProblem?: string;
  /** The run's webhook receiver and CA, started on first use and closed with the run. */
  webhooks: WebhookHarness;
  /**
   * The target's sessions (contract §2.1), when it serves them and the run uses them: a rule that needs the target
   * alone runs in one of its own, beside the others (`schedule-rules.ts`). Absent in a session's own context.
   */
  sessions?: SessionPool<TargetSession>;
}

/**
 * Everything a rule run needs from the surrounding run, built once per run: the core, and the side it plays
 * against: a target session (`openRun`), an app's callback (`openCallbackRun`, `graphcheck webhook-test`), or both
 * for a test that wants them. A rule whose step kinds play against a side the run lacks is skipped.
 */
export interface RunContext extends RunCore {
  target?: TargetSession;
  callback?: CallbackUnderTest;
}

/** The run context of a run against a target (`openRun`). */
export type TargetRunContext = RunContext & { target: TargetSession };

/**
 * One execution of a rule's steps: the evidence its report shows, handed to every step, and the target session
 * whose control client keeps its exchanges in that evidence.
 */
export interface Execution {
  evidence: Exchange[];
  target?: TargetSession;
}

/** What checks read of the run: where the target's error answers keep their parts (a callback's: the defaults). */
export function checkContextOf(ctx: RunContext): CheckContext {
  return { errorPaths: ctx.target?.profile.errors ?? DEFAULT_ERROR_PATHS };
}

/** A fresh execution: its own evidence, and the control protocol keeping into it. */
export function newExecution(ctx: RunContext): Execution {
  const evidence: Exchange[] = [];
  const { target } = ctx;
  return { evidence, ...(target ? { target: { ...target, control: target.control.keepingIn(evidence) } } : {}) };
}
