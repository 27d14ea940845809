import { AsyncLocalStorage } from 'node:async_hooks';
import { byName } from '../../checks/registry.js';
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
 * Every step kind a suite can use, by the YAML key that introduces it: the only list, a literal, so its names are a
 * type (`StepKindName`). The suite schema's step kinds, load-time validation of step bodies, a rule's needs and the
 * engine all read it (through `stepKinds()`).
 */
export const STEP_KIND_LIST = {
  request: requestStep,
  walk: walkStep,
  // A file the target handed over, from any origin and without credentials (contract §4a).
  'fetch-media': fetchMediaStep,
  parallel: parallelStep,
  repeat: repeatStep,
  // Items made until a list outgrows its first page (the paging walks generated from the spec's list edges).
  fill: fillStep,
  'across-versions': acrossVersionsStep,
  // Many cases of one operation, one control (the sweeps generated from the spec's tables).
  cases: casesStep,
  clock: clockStep,
  authorize: authorizeStep,
  exchange: exchangeStep,
  // Webhook subscriptions and delivery (subscriptions and webhooks suites).
  subscribe: subscribeStep,
  unsubscribe: unsubscribeStep,
  events: eventsStep,
  'app-live': appLiveStep,
  'receiver-fail': receiverFailStep,
  deliveries: deliveriesStep,
  // The other direction (graphcheck webhook-test): the service played against an app's callback.
  'verify-callback': verifyCallbackStep,
  'notify-callback': notifyCallbackStep,
  'callback-tls': callbackTlsStep,
} as const satisfies Record<string, RegisteredStepKind>;

/** The name of a shipped step kind (`request`, `walk`, ...). */
export type StepKindName = keyof typeof STEP_KIND_LIST;

/** Step kinds by name, as a run and a suite's loading look them up. */
export type StepKinds = ReadonlyMap<string, RegisteredStepKind>;

/** The shipped step kinds, never changed. */
export const STEP_KINDS: StepKinds = byName<RegisteredStepKind>(STEP_KIND_LIST);

const scoped = new AsyncLocalStorage<StepKinds>();

/** The step kinds in force: the shipped ones, or those `withStepKinds` hands the call this runs within. */
export function stepKinds(): StepKinds {
  return scoped.getStore() ?? STEP_KINDS;
}

/**
 * Runs `call` (and everything it awaits) with `extra` kinds beside those in force: what a test or an extension that
 * declares its own kind loads and runs suites within. Nothing outside the call sees them, so no registration
 * outlives it (a worker shares its modules between test files).
 */
export function withStepKinds<T>(extra: readonly RegisteredStepKind[], call: () => T): T {
  const kinds = new Map(stepKinds());
  for (const kind of extra) {
    if (kinds.has(kind.name)) throw new Error(`step kind ${kind.name} is declared twice`);
    kinds.set(kind.name, kind);
  }
  return scoped.run(kinds, call);
}
