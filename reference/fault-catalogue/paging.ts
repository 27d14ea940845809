import { faultsOf } from './faults-of.js';

/**
 * Deliberate paging bugs of the lists other than the feed (whose own are in feed.ts), one or more per list family:
 * each makes its generated walk (suites/paging.yaml) fail, the list grown past the first page the reference gives.
 */
export const PAGING_FAULTS = {
  ...faultsOf('photos', {
    'photos-paging-next-dropped': 'GET `/{page_id}/photos` never gives `paging.next`: a walk ends on the first page, however many photos follow.',
  }),
  ...faultsOf('comments', {
    'comments-paging-next-dropped': 'The comments edge never gives `paging.next`: a walk ends on the first page, however many comments follow.',
    'comments-paging-repeats': 'Following `after` on the comments edge (and so `paging.next`) starts at the last comment of the previous page again.',
  }),
  ...faultsOf('product-feed', {
    'product-feed-paging-repeats': 'Following `after` on the errors edge (and so `paging.next`) starts at the last error of the previous page again.',
  }),
  ...faultsOf('thread', {
    'thread-messages-paging-skips': "Following the `messages` connection's `paging.next` skips the first message of the next page.",
  }),
};
