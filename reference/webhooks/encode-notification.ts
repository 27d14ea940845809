import { createHmac } from 'node:crypto';
import type { Batch } from './build-batches.js';
import { notificationPayload } from './notification-payload.js';
import type { WebhookDeps } from './types.js';

export interface EncodedNotification {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Serialises one attempt once and signs exactly those bytes (R6: hex HMAC-SHA256 keyed by the app secret).
 * `time` is the virtual time of this attempt (R20).
 */
export function encodeNotification(deps: WebhookDeps, batch: Batch, time: number): EncodedNotification {
  const withValues = batch.includeValues && !deps.fault('webhooks-include-values-ignored');
  const stamp = deps.fault('webhooks-time-not-seconds') ? time * 1000 : time;
  // The fault writes the object type of the most common subscription on every notification, a user one included.
  const told = deps.fault('webhooks-object-always-page') ? { ...batch, object: 'page' } : batch;
  const compact = JSON.stringify(
    notificationPayload(told, stamp, withValues, deps.fault('webhooks-user-uid-as-number')),
  );
  // The fault signs the compact text but sends a pretty-printed one: same JSON, different bytes.
  const sent = deps.fault('webhooks-signature-reserialized')
    ? JSON.stringify(JSON.parse(compact), null, 2)
    : compact;
  const body = Buffer.from(sent, 'utf8');
  const signed = sent === compact ? body : Buffer.from(compact, 'utf8');
  const key = deps.fault('webhooks-wrong-signature-key') ? deps.appId : deps.appSecret;
  const hex = createHmac('sha256', key).update(signed).digest('hex');
  return {
    body,
    headers: {
      'Content-Type': deps.fault('webhooks-wrong-content-type') ? 'text/plain' : 'application/json',
      'X-Hub-Signature-256': deps.fault('webhooks-signature-no-prefix') ? hex : `sha256=${hex}`,
    },
  };
}
