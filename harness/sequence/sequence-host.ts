import type { Exchange, Finding, RuleCause } from '../model/index.js';
import type { Step } from '../suite/step.js';
import type { Scope } from '../suite/template.js';

/**
 * What the sequence engine needs of the rule runner, handed over by it (`engine/sequence-host.ts`): steps run and
 * judged the one way every rule's steps are (step kinds, checks, positive controls, captures, evidence). The
 * engine imports this unit, never the other way round.
 */
export interface SequenceHost {
  /** A fresh execution for one sequence: its own evidence, its steps' exchanges kept in it. */
  execution(): SequenceExecution;
}

export interface SequenceExecution {
  /** Every exchange of the sequence so far, in order: the rule's evidence when the sequence fails. */
  readonly evidence: Exchange[];
  /** The target's clock (contract §3.5), for an operation that reads `clock.now`. */
  now(): Promise<number>;
  /** A setup step (a post to comment on): its captures go to `scope.captured`; its failure leaves the rule unjudged. */
  setup(step: Step, scope: Scope, index: number, steps: readonly Step[]): Promise<StepRan>;
  /** An operation's step, judged by its own expectations; its captures go to `scope.captured`. */
  step(step: Step, scope: Scope): Promise<StepRan>;
}

/** How a step came out: it could not be judged (the rule is `error`), or its exchanges and what its checks found. */
export type StepRan =
  | { cannotJudge: string; cause?: RuleCause }
  | {
      /** What its expectations (and a capture that found nothing) found, re-based on the execution's evidence. */
      findings: Finding[];
      judged: number;
      exchanges: Exchange[];
      bodies: unknown[];
      /** With findings: what they come from, as a step's failure is told (`stepCause`). */
      cause?: RuleCause;
    };
