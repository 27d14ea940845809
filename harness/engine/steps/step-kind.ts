import type { SentExchange } from '../../client/send.js';
import type { Expectation } from '../../suite/suite.js';
import type { Scope } from '../../suite/template.js';
import type { JsonSchema } from '../../validation/json-schema.js';
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
 * How a positive control (reading R51) of this kind runs: by default the same kind with the merged body, and
 * "accepted" means `expect`. A kind whose refusals are simulated (`authorize`, through the control protocol) runs
 * its control against the real thing instead, and has one on every step.
 */
export interface ControlDeclaration<Body> {
  /** What an accepted control shows when the suite does not say. */
  expect: Expectation[];
  /** The step that stands for the control, when it is not this kind with the merged body. */
  twin?(body: Body): { kind: string; body: unknown; expect: Expectation[] };
  /** Every step of this kind is checked against its control, declared or not. */
  always?: boolean;
}

/**
 * One kind of step (`request`, `walk`, `clock`, ...), declared once in its own file and registered in
 * `registry.ts`: the suite schema, load-time validation, needs and the engine all read this declaration. `run`
 * talks to the target and fills the outcome; checks are applied by the engine afterwards.
 */
export interface StepKind<Body = unknown> {
  name: string;
  /** The sentence used in reports. */
  explain(body: Body): string;
  /** JSON Schema of the body as written in a suite (values that may be templates say so: `orTemplate`). */
  body: JsonSchema;
  /** Needs read off the step's body (token names, control capabilities), before any traffic. */
  needs?(body: Body): StepNeeds;
  /** Absent: the kind takes no `control:`. */
  control?: ControlDeclaration<Body>;
  run(step: StepRun<Body>): Promise<void>;
}
