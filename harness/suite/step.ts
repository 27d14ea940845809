// A step as a suite writes it, and what every step kind shares: the types a rule (suite.ts) and an operation of a
// sequence (sequence-spec.ts) are both made of.

export type GeneratorSpec =
  | { integer: { min: number; max: number } }
  | { constant: unknown }
  | { enum: unknown[] | string }
  | { boolean: Record<string, never> }
  | { string: { min_length?: number; max_length?: number; unit?: string; chars?: string; matching?: string } }
  | { array: { of: GeneratorSpec; min_length?: number; max_length?: number } }
  | { record: Record<string, GeneratorSpec> }
  | { oneof: GeneratorSpec[] }
  | { except: { of: GeneratorSpec; values: unknown } }
  | { near_miss_uri: { of: unknown; kinds?: ('slash' | 'case' | 'port' | 'segment' | 'scheme' | 'host')[] } }
  | { tokens: string[] }
  | { placement: { split?: string[]; bodies?: ('form' | 'multipart')[] } };

/** An expectation names a registered check: `ok`, or `{ error: { code: 100 } }`. */
export type Expectation = string | Record<string, unknown>;

export interface StepCommon {
  note?: string;
  expect?: Expectation[];
  /**
   * Checks of what the target's data must be like for the rule to be judged at all (a fixture small enough to
   * compare, say). Judged after `expect`; one that does not hold makes the rule `error`, never `failed`.
   */
  assume?: Expectation[];
  /** name -> path into the step's (last) response, e.g. `body.id`, `location.query.code`. */
  capture?: Record<string, string>;
  /**
   * When the step's answer is an error that its expectations took as a refusal next to an accepted control, the
   * execution ends there, judged: the later steps need what was refused. For a thing the spec lets a target
   * either refuse or accept and then judge further (R49: a template created without examples may be refused).
   */
  end_if_refused?: boolean;
  /**
   * The positive control (reading R51): the same step with `with` deep-merged over its body (null removes a key),
   * run in the same state, whose acceptance makes the step's refusals count.
   */
  control?: ControlSpec;
  /**
   * `true`: the step sets up what later steps judge (a post to comment on); its failure makes the rule `error`,
   * naming the request, its answer and what it was for, never `failed`. `false`: it judges the rule's statement.
   * Absent: derived (`isSetupStep`).
   */
  setup?: boolean;
  /**
   * Alternative steps that make the same data (each capturing the same names), where the spec offers more than one
   * way (a comment's parent: a post, or a photo): a run takes the first its target and profile allow.
   */
  one_of?: Step[];
}

export interface ControlSpec {
  /** Merged over the step's body; absent: the step's own body, unchanged. */
  with?: Record<string, unknown>;
  /** `before` (default) the step, or `after` it where sending it first would change what is judged. */
  order?: 'before' | 'after';
  /** What "accepted" means for this control; default: the step kind's (`ok`; a page for `authorize`). */
  expect?: Expectation[];
  note?: string;
}

/**
 * A step: its common keys, plus exactly one key naming a registered step kind (`request`, `walk`, ...) whose value
 * is that kind's body. The kinds and their bodies are declared once, in harness/engine/steps/registry.ts.
 */
export type Step = StepCommon & { [kind: string]: unknown };

/** The keys every step may carry besides its kind. */
export const STEP_COMMON_KEYS: readonly string[] = ['note', 'expect', 'assume', 'capture', 'control', 'end_if_refused', 'setup', 'one_of'];

/** The keys a `one_of` step may carry beside its alternatives. */
export const ONE_OF_KEYS: readonly string[] = ['note', 'setup', 'one_of'];

/** The names of the step-kind keys a step carries (exactly one in a valid suite). */
export function stepKindKeys(step: Step): string[] {
  return Object.keys(step).filter((key) => !STEP_COMMON_KEYS.includes(key));
}

/** The step's kind and body. */
export function stepKind(step: Step): { name: string; body: unknown } {
  const name = stepKindKeys(step)[0]!;
  return { name, body: step[name] };
}

/** A step's alternatives (`one_of`), or undefined for a step of one kind. */
export function alternativesOf(step: Step): Step[] | undefined {
  return Array.isArray(step.one_of) ? step.one_of : undefined;
}
