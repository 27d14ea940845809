/**
 * The reference target's webhook service, wired in by the core: `/{app_id}/subscriptions`,
 * `/{account_id}/subscribed_apps`, the contract's `events`, `trust`, `app` and `clock` effects, and mTLS.
 * Imports nothing from harness/, suites/ or schemas/.
 */
export { createWebhookService } from './create-webhook-service.js';
export { WEBHOOK_FAULTS } from './faults.js';
export { generateMtlsIdentity, type MtlsIdentity } from './mtls-identity.js';
export type {
  ClientCertificate,
  DeliveryRecord,
  Outcome,
  Subscription,
  Update,
  UpsertParams,
  WebhookDeps,
  WebhookService,
} from './types.js';
