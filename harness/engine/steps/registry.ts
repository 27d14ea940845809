import { acrossVersionsStep } from './across-versions-step.js';
import { appLiveStep } from './app-live-step.js';
import { authorizeStep } from './authorize-step.js';
import { casesStep } from './cases-step.js';
import { callbackTlsStep } from './callback-tls-step.js';
import { clockStep } from './clock-step.js';
import { deliveriesStep } from './deliveries-step.js';
import { eventsStep } from './events-step.js';
import { exchangeStep } from './exchange-step.js';
import { fetchMediaStep } from './fetch-media-step.js';
import { fillStep } from './fill-step.js';
import { notifyCallbackStep } from './notify-callback-step.js';
import { parallelStep } from './parallel-step.js';
import { receiverFailStep } from './receiver-fail-step.js';
import { repeatStep } from './repeat-step.js';
import { requestStep } from './request-step.js';
import type { RegisteredStepKind } from './step-kind.js';
import { subscribeStep } from './subscribe-step.js';
import { verifyCallbackStep } from './verify-callback-step.js';
import { unsubscribeStep } from './unsubscribe-step.js';
import { walkStep } from './walk-step.js';

/**
 * Every step kind a suite can use, by the YAML key that introduces it: the only list. The suite schema's step
 * kinds, load-time validation of step bodies, a rule's needs and the engine all read it.
 */
const kinds = new Map<string, RegisteredStepKind>();

export const STEP_KINDS: ReadonlyMap<string, RegisteredStepKind> = kinds;

/**
 * Adds a step kind: its declaration is all the rest of graphcheck needs (the suite schema, load-time validation,
 * needs, running it, its control). The shipped kinds are registered here; a test or an extension adds its own.
 */
export function registerStepKind(kind: RegisteredStepKind): void {
  if (kinds.has(kind.name)) throw new Error(`step kind ${kind.name} is registered twice`);
  kinds.set(kind.name, kind);
}

for (const kind of [
  requestStep,
  walkStep,
  // A file the target handed over, from any origin and without credentials (contract §4a).
  fetchMediaStep,
  parallelStep,
  repeatStep,
  // Items made until a list outgrows its first page (the paging walks generated from the spec's list edges).
  fillStep,
  acrossVersionsStep,
  // Many cases of one operation, one control (the sweeps generated from the spec's tables).
  casesStep,
  clockStep,
  authorizeStep,
  exchangeStep,
  // Webhook subscriptions and delivery (subscriptions and webhooks suites).
  subscribeStep,
  unsubscribeStep,
  eventsStep,
  appLiveStep,
  receiverFailStep,
  deliveriesStep,
  // The other direction (graphcheck webhook-test): the service played against an app's callback.
  verifyCallbackStep,
  notifyCallbackStep,
  callbackTlsStep,
]) {
  registerStepKind(kind);
}
