export { WEBHOOK_CHECKS, type WebhookCheck } from './checks.js';
export { formatSummary } from './format-summary.js';
export {
  DEFAULT_TIMEOUT_MS,
  runWebhookTest,
  type WebhookTestOptions,
} from './run-webhook-test.js';
