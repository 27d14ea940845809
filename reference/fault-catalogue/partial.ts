import { faultsOf } from './faults-of.js';

/**
 * Switches that make the reference a partial or a stated-only implementation, as implementers bring theirs up area
 * by area: what graphcheck then judges, skips and names is tested against them.
 */
export const PARTIAL_FAULTS = faultsOf('partial', {
  'feed-unserved':
    'The Page feed is not implemented: GET and POST `/{page_id}/feed` and GET `/{post_id}` answer the unknown-path error (code 100), as a target serving Page photos and comments but no feed yet.',
  'reads-unstated-refused':
    'GET `/{post_id}` and GET `/{photo_id}`, which the spec does not state, answer the unknown-path error: a conforming target may, so no rule changes its verdict.',
});
