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

/**
 * One kind of step (`request`, `walk`, `clock`, ...). `run` talks to the target and fills the outcome; checks
 * are applied by the engine afterwards. `explain` is the sentence used in reports.
 */
export interface StepKind<Body = unknown> {
  name: string;
  explain(body: Body): string;
  run(step: StepRun<Body>): Promise<void>;
}
