export { runWebhookTest } from './run-webhook-test.js';
export { DEFAULT_TIMEOUT_MS, type WebhookTestOptions } from './webhook-test-options.js';
