import type { FaultCatalogue } from '../webhook-seam.js';

const area = 'thread';

/** Deliberate bugs of `GET /{thread_id}`; each makes a rule fail. */
export const THREAD_FAULTS: FaultCatalogue = {
  'thread-source-filter-ignored': {
    area,
    description: '`messages.source(PARTICIPANTS)` also returns admin text.',
  },
  'thread-messages-limit-ignored': {
    area,
    description: '`messages.limit(n)` is ignored: every message comes back.',
  },
  'thread-missing-permission-accepted': {
    area,
    description: 'No code 200: a Page token of a person without MODERATE may read the thread.',
  },
  'thread-counts-as-strings': {
    area,
    description: '`unread` and `unseen` read as strings instead of integers.',
  },
  'thread-id-wrong': { area, description: "The thread's `id` reads another id than the one requested." },
  'thread-counts-negative': { area, description: '`unseen` reads -1.' },
  'thread-messages-edge-missing': {
    area,
    description: 'GET `/{thread_id}/messages` is an unsupported-operation error.',
  },
  'thread-token-unchecked': {
    area,
    description: 'GET `/{thread_id}` is served without `access_token`, and with the app or a User token.',
  },
  'thread-update-delete-accepted': {
    area,
    description: 'POST and DELETE `/{thread_id}` answer `{success: true}` instead of an error (breaks R2).',
  },
};
