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
  'thread-update-delete-accepted': {
    area,
    description: 'POST and DELETE `/{thread_id}` answer `{success: true}` instead of an error (breaks R2).',
  },
};
