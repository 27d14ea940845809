import type { Citation } from '../model/index.js';

/** The spec sentences `webhook-test` enforces, quoted exactly. */
export const CITES = {
  verifyToken: {
    section: 'Events › Verification request (GET)',
    text: 'The endpoint must check that `hub.verify_token` equals the configured string and respond with the `hub.challenge` value.',
  },
  challenge: {
    section: 'Events › Verification request (GET)',
    text: '`hub.challenge` | An integer that must be returned.',
  },
  answer200: {
    section: 'Events › Delivery rules',
    text: 'The endpoint must answer every notification with HTTP 200.',
  },
  changes: {
    section: 'Events › Event notification (POST, JSON)',
    text: '`entry[].changes` | array | Changed fields and new values; present only when Include Values is enabled. Each item has `field` and `value`.',
  },
  changedFields: {
    section: 'Events › Event notification (POST, JSON)',
    text: '`entry[].changed_fields` | array of string | Names of changed fields; present only when Include Values is disabled.',
  },
  batched: {
    section: 'Events › Delivery rules',
    text: 'Notifications are batched, at most 1000 updates per batch, but batching is not guaranteed, so each update must be handled individually.',
  },
  dedupe: {
    section: 'Events › Delivery rules',
    text: 'On failure the service retries immediately, then a few more times at decreasing frequency over 36 hours. Unacknowledged notifications are dropped after 36 hours. The receiver deduplicates.',
  },
  rawPayload: {
    section: 'Events › Signature validation',
    text: 'The receiver generates a signature from the payload and the app secret and compares. If they match, the payload is genuine.',
  },
  optionalValidation: {
    section: 'Events › Signature validation',
    text: 'Validation is optional but recommended.',
  },
} satisfies Record<string, Citation>;
