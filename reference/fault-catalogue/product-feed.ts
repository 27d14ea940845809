import { faultsOf } from './faults-of.js';

/** Deliberate bugs of `GET /{product_feed_upload_id}/errors`; each makes a rule fail. */
export const PRODUCT_FEED_FAULTS = faultsOf('product-feed', {
  'product-feed-priority-ignored':
    '`error_priority` is ignored: HIGH returns warnings too, MEDIUM and LOW return fatal errors.',
  'product-feed-low-priority-partial':
    '`error_priority=LOW` returns only every other warning, unlike MEDIUM (breaks R45).',
  'product-feed-high-priority-first-only':
    '`error_priority=HIGH` lists only the first fatal error: the filtered walks no longer cover the unfiltered one.',
  'product-feed-severity-wrong': '`severity` reads FATAL or WARNING in upper case.',
  'product-feed-summary-missing': '`summary=true` adds no `summary`.',
  'product-feed-summary-always': 'The errors list carries `summary` although `summary=true` was not sent.',
  'product-feed-total-count-inflated': '`summary.total_count` is one more than the number of errors on the edge.',
  'product-feed-after-cursor-wrong':
    "`paging.cursors.after` names the page's first error, so fed back as `after=` it repeats the page.",
  'product-feed-id-not-number': 'Error `id` reads as a string instead of a number.',
  'product-feed-priority-unchecked':
    'An `error_priority` other than HIGH, MEDIUM or LOW is accepted (every error is listed).',
  'product-feed-priority-wrong-code':
    'An `error_priority` other than HIGH, MEDIUM or LOW gives code 1 instead of 100 (R1).',
  'product-feed-token-unchecked':
    'GET `/{product_feed_upload_id}/errors` is served without `access_token`.',
  'product-feed-write-accepted':
    'POST and DELETE `/{product_feed_upload_id}/errors` answer `{success: true}` instead of an error (breaks R2).',
});
