import type { GeneratorSpec, Step } from './step.js';

/**
 * A `sequence:` rule as written in a suite (schemas/suite.schema.json, `sequence`): generated sequences of
 * operations judged against a model of what the spec states, run by `harness/sequence/`. Strings may hold `{{ }}`
 * templates; besides a rule's usual names an operation's templates read `given` (its own generated values),
 * `picked.<name>` (the model items it chose), `op.number` (its place in the sequence), and its effects `captured`
 * (what its step captured).
 */
export interface SequenceSpec {
  /** The model's collections as a sequence starts: each a list of items (usually empty: a sequence owns its data). */
  model: Record<string, ModelItem[]>;
  /** At most this many operations in one generated sequence (default 10). */
  max_operations?: number;
  operations: OperationSpec[];
  /**
   * Operations (by name) every sequence ends with, each that can run then: the reads that hold the whole model to
   * the target, so a fault a sequence's writes made shows whether or not a read was drawn after them.
   */
  finally?: string[];
}

/** One item of a model collection: plain values by field name. */
export type ModelItem = Record<string, unknown>;

export interface OperationSpec {
  /** Unique within the sequence; how the story and the counterexample name it. */
  name: string;
  note?: string;
  /** How often it is drawn beside the others (default 1). */
  weight?: number;
  /** Values generated with the operation, under `given.<name>` (the rule's `given:` syntax). */
  given?: Record<string, GeneratorSpec>;
  /**
   * Model items the operation works on, each chosen by a generated index taken modulo the items that match at run
   * time, so shrinking keeps a command independent of the model it was generated against. No match: the operation
   * cannot run now (it is left out of the sequence).
   */
  pick?: Record<string, PickSpec>;
  /** Run the step once for every item that matches (`picked.<name>` each time), judged together. */
  each?: Record<string, PickSpec>;
  /** Further conditions on the model (and `given`) for the operation to run. */
  pre?: Precondition[];
  /** The request (or walk, subscribe, clock...) it makes: an ordinary step, its `expect` judged as steps are. */
  step: Step;
  /** How the model changes once the step's answer is a success. */
  effect?: Effect[];
  /** What the model says of the answer: named model judges with their arguments (`harness/sequence/judges/`). */
  judge?: JudgeExpectation[];
}

export interface PickSpec {
  from: string;
  where?: Condition;
}

/** Field name -> a value it equals, or a matcher (`{ lte: 5 }`, `{ one_of: [...] }`, `{ includes: [...] }`, ...). */
export type Condition = Record<string, unknown>;

export type Precondition = { some: PickSpec } | { none: PickSpec } | { at_least: PickSpec & { count: number } };

export type Effect =
  | { add: { to: string; item: ModelItem } }
  | { update: { in: string; item?: string; where?: Condition; set: ModelItem } }
  | { remove: { from: string; item?: string; where?: Condition } }
  | { union: SetEffect }
  | { subtract: SetEffect };

/** Members added to (or taken from) a set-valued field of the item whose `key` fields match; `union` adds the item. */
export interface SetEffect {
  in: string;
  key: ModelItem;
  field: string;
  values: unknown;
}

/** A named model judge: `listed`, or `{ listed: { in: comments, ... } }`. */
export type JudgeExpectation = string | Record<string, unknown>;
