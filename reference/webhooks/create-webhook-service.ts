import { createAccountSubscriptions } from './account-subscriptions.js';
import { buildBatches, MAX_UPDATES_PER_BATCH } from './build-batches.js';
import { DeliveryQueue } from './delivery-queue.js';
import { createSubscriptionStore } from './subscription-store.js';
import type { Update, WebhookDeps, WebhookService } from './types.js';
import { verifyCallback } from './verify-callback.js';

/** The reference target's webhook service: subscriptions, verification, signed batched delivery and retries. */
export function createWebhookService(deps: WebhookDeps): WebhookService {
  const store = createSubscriptionStore(deps);
  const accounts = createAccountSubscriptions(deps);
  const queue = new DeliveryQueue(deps);
  let resets = 0;
  return {
    list: () => store.list(),
    async upsert(p) {
      if (deps.fault('subscriptions-repost-refused') && store.list().some((s) => s.object === p.object)) {
        return { ok: false, message: `the app already has a ${p.object} subscription` };
      }
      const resetsBefore = resets;
      const known = store.list().some((s) => s.object === p.object);
      // R39: every POST carrying a callback URL verifies it, reactivating and amending ones too.
      const outcome =
        known && deps.fault('subscriptions-no-reverification')
          ? ({ ok: true } as const)
          : await verifyCallback(deps, p.callback_url, p.verify_token);
      // A reset during verification wins: the subscription belonged to the state it cleared.
      const keep = outcome.ok || deps.fault('subscriptions-refused-callback-kept');
      if (keep && resetsBefore === resets) store.apply(p);
      return outcome;
    },
    remove: (p) => store.remove(p),
    subscribeAccount: (accountId, fields) => accounts.subscribe(accountId, fields),
    acceptEvents(updates) {
      // Not Live: nothing is sent, and nothing is kept to send later (spec: Events).
      if (!deps.isLive() && !deps.fault('webhooks-send-when-not-live')) return updates.length;
      // A Page that did not install the app gets nothing (R48 never asserts either way; rules install first).
      const installed = (u: Update) => !deps.pageInstallRequired || u.object !== 'page' || accounts.installed(u.id);
      const batches = buildBatches(updates.filter(installed), (u) => store.matching(u.object, u.field), {
        maxPerBatch: deps.fault('webhooks-batch-over-1000')
          ? Number.POSITIVE_INFINITY
          : MAX_UPDATES_PER_BATCH,
        dropEverySecond: deps.fault('webhooks-drop-updates'),
        emptyBatch: deps.fault('webhooks-empty-entry'),
      });
      queue.enqueue(batches);
      return updates.length;
    },
    runDue: (now) => queue.runDue(now),
    idle: () => queue.idle(),
    reset() {
      resets += 1;
      store.clear();
      accounts.clear();
      queue.reset();
    },
    deliveries: () => queue.log(),
  };
}
