import type { WebhookFacts } from '../checks/webhook-facts.js';
import { missingUpdates, type SeenNotification } from '../checks/webhook-updates.js';
import type { Scope } from '../suite/template.js';
import type { WebhookHarness } from './webhook-harness.js';

/** What one run of a rule did on the webhook side; kept in the run's scope, so a new run starts empty. */
export interface WebhookRun {
  facts: WebhookFacts;
  /** The target's clock when the run first injected events (the start of `advance_to`). */
  eventsAt?: number;
  /** How many receiver attempts a `deliveries` step already put into the evidence. */
  shown?: number;
}

const KEY = 'webhook';

/**
 * The run's webhook state. The scope is new for every run of a rule, so the first webhook step of a run finds
 * none: it starts the run on the harness (the previous run's attempts and failures go, Live is set back).
 */
export async function webhookRun(scope: Scope, harness: WebhookHarness): Promise<WebhookRun> {
  const existing = scope[KEY] as WebhookRun | undefined;
  if (existing) return existing;
  await harness.beginRun();
  const run: WebhookRun = { facts: { injected: [], subscriptions: {}, notLive: [] } };
  scope[KEY] = run;
  return run;
}

/**
 * A copy of the facts as they are now, for a step's checks (later steps keep adding to the run's own). An injected
 * update is never changed once added (a batch holds over a thousand): shared, so the keys checks work out per update
 * object are worked out once. Subscriptions and Live periods change later, so they are copied.
 */
export function factsSnapshot(run: WebhookRun): WebhookFacts {
  const { injected, ...changing } = run.facts;
  return { injected: [...injected], ...structuredClone(changing) };
}

/**
 * Whether every update the run expects arrived, as a `deliveries` step asks after each clock move (up to about 190 a
 * rule): worked out again only when an attempt arrived since, for an attempt is logged with its answer and never
 * changed after.
 */
export function deliveredWatch<A>(run: WebhookRun, arrived: () => readonly A[], seen: (attempt: A) => SeenNotification): () => boolean {
  let known: { count: number; delivered: boolean } | undefined;
  return () => {
    const attempts = arrived();
    if (known?.count !== attempts.length) known = { count: attempts.length, delivered: missingUpdates(run.facts, attempts.map(seen)).length === 0 };
    return known.delivered;
  };
}
