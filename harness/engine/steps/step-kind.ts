import type { FactName } from '../../checks/step-facts.js';
import type { SentExchange } from '../../client/send.js';
import type { Exchange } from '../../model/index.js';
import type { Expectation } from '../../suite/step.js';
import type { Scope } from '../../suite/template.js';
import type { JsonSchema } from '../../validation/json-schema.js';
import type { CallbackUnderTest } from '../../callback-client/callback-client.js';
import type { TargetSession } from '../run-context.js';
import type { Slots } from '../slots.js';
import type { StepOutcome } from '../step-outcome.js';

/** What a step kind plays against: a target (`graphcheck run`) or an app's callback (`graphcheck webhook-test`). */
export type StepSide = 'target' | 'callback';

/** What every step kind's `run` gets: its own YAML body, the rule's scope, its outcome and the execution's evidence. */
interface StepRunBase<Body, Leaves extends FactName> {
  body: Body;
  scope: Scope;
  /** What the step's checks get: its exchanges, bodies and the facts it leaves. */
  outcome: StepOutcome<Leaves>;
  /** The execution's evidence (what the rule's report shows), for exchanges the checks do not judge. */
  evidence: Exchange[];
  /** Keeps an interface exchange as evidence and as input to the step's checks. */
  keep(sent: SentExchange): void;
  /** The run's slots, for work the step can do side by side (`RunCore.slots`); absent: one thing at a time. */
  slots?: Slots;
}

/** A step against a target: its session, whose control client keeps its calls in this execution's evidence. */
export interface TargetStepRun<Body, Leaves extends FactName = never> extends StepRunBase<Body, Leaves> {
  target: TargetSession;
}

/** A step against an app's callback: the service is played against it. */
export interface CallbackStepRun<Body, Leaves extends FactName = never> extends StepRunBase<Body, Leaves> {
  callback: CallbackUnderTest;
}

/** What a step needs beyond what its templates show; a missing need makes the rule `skipped`. */
export interface StepNeeds {
  tokens?: string[];
  capabilities?: string[];
  /** The run's webhook receiver, which the target must trust (control `trust`, or `--ca-dir`). */
  receiver?: boolean;
  /** Notifications must be able to arrive: an app the profile says is not Live gets none (Events). */
  live?: boolean;
  /** The app's callback expects client certificates (`webhook-test --client-ca`, `--client-cn`). */
  clientCertificates?: boolean;
  /** Profile paths the step reads without a template naming them (`app.id` in the subscriptions path). */
  profile?: string[];
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
 * talks to its side and fills the outcome; checks are applied by the engine afterwards.
 */
interface StepKindBase<Body, Leaves extends FactName> {
  name: string;
  /**
   * The facts the step leaves its checks (`StepFacts`): a check that needs one is refused under any other kind
   * when the suite loads. A fact a check needs is left by every run of the step.
   */
  leaves?: readonly Leaves[];
  /** The sentence used in reports. */
  explain(body: Body): string;
  /** JSON Schema of the body as written in a suite (values that may be templates say so: `orTemplate`). */
  body: JsonSchema;
  /** Needs read off the step's body (token names, control capabilities), before any traffic. */
  needs?(body: Body): StepNeeds;
  /**
   * What global state of the target the step changes or reads, which no other rule may touch meanwhile (the clock,
   * the app's subscriptions, the run's one receiver, ...), as a phrase (`moves the target's clock`); absent or
   * undefined: the step touches only what its rule made. A rule with any such step runs alone (`exclusivity.ts`).
   */
  exclusive?(body: Body): string | undefined;
  /** Absent: the kind takes no `control:`. */
  control?: ControlDeclaration<Body>;
}

export interface TargetStepKind<Body = unknown, Leaves extends FactName = never> extends StepKindBase<Body, Leaves> {
  side: 'target';
  run(step: TargetStepRun<Body, Leaves>): Promise<void>;
}

export interface CallbackStepKind<Body = unknown, Leaves extends FactName = never> extends StepKindBase<Body, Leaves> {
  side: 'callback';
  run(step: CallbackStepRun<Body, Leaves>): Promise<void>;
}

/** A step kind; its `side` says which part of the run context it is handed. */
export type StepKind<Body = unknown, Leaves extends FactName = never> = TargetStepKind<Body, Leaves> | CallbackStepKind<Body, Leaves>;

/** A step kind whatever its body and facts, as the registry holds it. */
export type RegisteredStepKind = StepKind<unknown, FactName>;
