import type { SentExchange } from '../../client/send.js';
import type { Scope } from '../../suite/template.js';
import type { RunContext } from '../run-context.js';
import type { StepOutcome } from '../step-outcome.js';

/** What a step kind's `run` gets: its own YAML body, the rule's scope, the run, and where to keep exchanges. */
export interface StepRun<Body> {
  body: Body;
  scope: Scope;
  ctx: RunContext;
  outcome: StepOutcome;
  /** Keeps an interface exchange as evidence and as input to the step's checks. */
  keep(sent: SentExchange): void;
}

/** What a step needs beyond what its templates show; a missing need makes the rule `skipped`. */
export interface StepNeeds {
  tokens?: string[];
  capabilities?: string[];
  /** The run's webhook receiver, which the target must trust (control `trust`, or `--ca-dir`). */
  receiver?: boolean;
  /** Notifications must be able to arrive: an app the profile says is not Live gets none (Events). */
  live?: boolean;
}

/**
 * One kind of step (`request`, `walk`, `clock`, ...). `run` talks to the target and fills the outcome; checks
 * are applied by the engine afterwards. `explain` is the sentence used in reports.
 */
export interface StepKind<Body = unknown> {
  name: string;
  explain(body: Body): string;
  run(step: StepRun<Body>): Promise<void>;
  /** Needs read off the step's body (token names, control capabilities), before any traffic. */
  needs?(body: Body): StepNeeds;
}
