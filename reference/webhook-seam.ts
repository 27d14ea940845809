/**
 * The one place the core meets the webhook service (reference/webhooks/, built as a separate module). The core
 * codes against these names only, so the service can change inside its folder without touching the core.
 */
export { createWebhookService, generateMtlsIdentity, WEBHOOK_FAULTS } from './webhooks/index.js';
export type {
  ClientCertificate,
  MtlsIdentity,
  Outcome as SeamResult,
  Subscription as WebhookSubscriptionView,
  WebhookDeps,
  WebhookService,
} from './webhooks/index.js';

/** A fault switch catalogue: name -> the area it breaks and the bug in one sentence. */
export type FaultCatalogue = Record<string, { area: string; description: string }>;
