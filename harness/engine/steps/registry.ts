import { authorizeStep, clockStep } from './control-steps.js';
import { parallelStep, repeatStep, requestStep } from './request-steps.js';
import type { StepKind } from './step-kind.js';
import { walkStep } from './walk-step.js';

/** Every step kind a suite can use, by the YAML key that introduces it. */
export const STEP_KINDS: ReadonlyMap<string, StepKind<unknown>> = new Map(
  ([requestStep, walkStep, parallelStep, repeatStep, clockStep, authorizeStep] as StepKind<unknown>[]).map((k) => [
    k.name,
    k,
  ]),
);
