import { faultsOf } from './faults-of.js';

/** Deliberate bugs of `GET /{thread_id}`; each makes a rule fail. */
export const THREAD_FAULTS = faultsOf('thread', {
  'thread-source-filter-ignored': '`messages.source(PARTICIPANTS)` also returns admin text.',
  'thread-messages-limit-ignored': '`messages.limit(n)` is ignored: every message comes back.',
  'thread-missing-permission-accepted': 'No code 200: a Page token of a person without MODERATE may read the thread.',
  'thread-counts-as-strings': '`unread` and `unseen` read as strings instead of integers.',
  'thread-id-wrong': "The thread's `id` reads another id than the one requested.",
  'thread-counts-negative': '`unseen` reads -1.',
  'thread-messages-edge-missing': 'GET `/{thread_id}/messages` is an unsupported-operation error.',
  'thread-token-unchecked': 'GET `/{thread_id}` is served without `access_token`, and with the app or a User token.',
  'thread-update-delete-accepted':
    'POST and DELETE `/{thread_id}` answer `{success: true}` instead of an error (breaks R2).',
});
