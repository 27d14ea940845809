import type { GraphClient } from '../client/graph-client.js';
import type { ContentHost } from '../content-host/index.js';
import type { ControlClient } from '../control/control-client.js';
import type { Exchange } from '../model/index.js';
import type { Profile } from '../profile/profile.js';
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
  /** A token the target never issued (code 190 rules). */
  unissuedToken: string;
  /** Problems preflight found, keyed by need (`tokens.page`, `fixtures.thread_id`, `capabilities.clock`). */
  setupProblems: Map<string, string>;
  /** Where control exchanges go while a rule runs: the current run's evidence. */
  evidence: { sink: Exchange[] };
  /** The part of the command line that names the target, for replay commands. */
  targetArgs: string;
  /** Other flags a replay command must repeat to run the same requests (`--version-prefix none`, `--runs 5`). */
  replayArgs: string;
  /** The run's webhook receiver and CA, started on first use and closed with the run. */
  webhooks: WebhookHarness;
}
