import { authorizeStep, clockStep } from './control-steps.js';
import { deliveriesStep } from './deliveries-step.js';
import { exchangeStep } from './exchange-step.js';
import { parallelStep, repeatStep, requestStep } from './request-steps.js';
import type { StepKind } from './step-kind.js';
import { subscribeStep } from './subscribe-step.js';
import { walkStep } from './walk-step.js';
import { appLiveStep, eventsStep, receiverFailStep } from './webhook-control-steps.js';

/** Webhook subscriptions and delivery (subscriptions and webhooks suites). */
const WEBHOOK_STEPS = [subscribeStep, eventsStep, appLiveStep, receiverFailStep, deliveriesStep] as StepKind<unknown>[];

/** Every step kind a suite can use, by the YAML key that introduces it. */
export const STEP_KINDS: ReadonlyMap<string, StepKind<unknown>> = new Map(
  (
    [requestStep, walkStep, parallelStep, repeatStep, clockStep, authorizeStep, exchangeStep, ...WEBHOOK_STEPS] as StepKind<unknown>[]
  ).map((k) => [k.name, k]),
);
