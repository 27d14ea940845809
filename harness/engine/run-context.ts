import type { GraphClient } from '../client/graph-client.js';
import type { ContentHost } from '../content-host/index.js';
import type { ControlClient } from '../control/control-client.js';
import type { Exchange } from '../model/index.js';
import type { Profile } from '../profile/profile.js';
import type { CallbackUnderTest } from './callback/callback-client.js';
import type { WebhookHarness } from './webhooks/webhook-harness.js';

/** Everything a rule run needs from the surrounding run; built once per `graphcheck run`. */
export interface RunContext {
  profile: Profile;
  client: GraphClient;
  control: ControlClient;
  host: ContentHost;
  /** The version prefix the run uses for `version: default` (null: bare paths). */
  version: string | null;
  seed: number;
  /** Property runs per rule when the rule does not say (`--runs`). */
  runs: number;
  /** An explicit `--runs N`: every property rule runs at least N times. */
  runsFloor?: number;
  /** A token the target never issued (code 190 rules). */
  unissuedToken: string;
  /** Problems preflight found, keyed by need (`tokens.page`, `fixtures.thread_id`, `capabilities.clock`). */
  setupProblems: Map<string, string>;
  /** Why the target's time cannot be read (no control `clock`, no `Date` header): rules reading it are skipped. */
  timeProblem?: string;
  /** Where control exchanges go while a rule runs: the current run's evidence. */
  evidence: { sink: Exchange[] };
  /** The command that runs one rule again with the same requests (rendered from the run plan). */
  replayCommand(ruleId: string): string;
  /** How reports name the target (`--target http://…`, `embedded reference`). */
  targetSource: string;
  /** The run's webhook receiver and CA, started on first use and closed with the run. */
  webhooks: WebhookHarness;
  /** `graphcheck webhook-test`: the app's callback the `*-callback` step kinds play the service against. */
  callback?: CallbackUnderTest;
}
