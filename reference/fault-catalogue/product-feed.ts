import type { FaultCatalogue } from '../webhook-seam.js';

const area = 'product-feed';

/** Deliberate bugs of `GET /{product_feed_upload_id}/errors`; each makes a rule fail. */
export const PRODUCT_FEED_FAULTS: FaultCatalogue = {
  'product-feed-priority-ignored': {
    area,
    description:
      '`error_priority` is ignored: HIGH returns warnings too, MEDIUM and LOW return fatal errors.',
  },
  'product-feed-low-priority-partial': {
    area,
    description: '`error_priority=LOW` returns only every other warning, unlike MEDIUM (breaks R45).',
  },
  'product-feed-severity-wrong': { area, description: '`severity` reads FATAL or WARNING in upper case.' },
  'product-feed-summary-missing': { area, description: '`summary=true` adds no `summary`.' },
  'product-feed-summary-always': {
    area,
    description: 'The errors list carries `summary` although `summary=true` was not sent.',
  },
  'product-feed-total-count-inflated': {
    area,
    description: '`summary.total_count` is one more than the number of errors on the edge.',
  },
  'product-feed-after-cursor-wrong': {
    area,
    description: "`paging.cursors.after` names the page's first error, so fed back as `after=` it repeats the page.",
  },
  'product-feed-id-not-number': { area, description: 'Error `id` reads as a string instead of a number.' },
  'product-feed-priority-unchecked': {
    area,
    description: 'An `error_priority` other than HIGH, MEDIUM or LOW is accepted (every error is listed).',
  },
  'product-feed-priority-wrong-code': {
    area,
    description: 'An `error_priority` other than HIGH, MEDIUM or LOW gives code 1 instead of 100 (R1).',
  },
  'product-feed-write-accepted': {
    area,
    description:
      'POST and DELETE `/{product_feed_upload_id}/errors` answer `{success: true}` instead of an error (breaks R2).',
  },
};
