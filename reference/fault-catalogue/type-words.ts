import { faultsOf } from './faults-of.js';

/**
 * Deliberate bugs a type word of the spec rules out, each caught by the sweep generated from that word (issue 30):
 * an unsigned list item below 0, a URL that is none, one item past a list's stated most, a sub-field's type at
 * depth 2.
 */
export const TYPE_WORD_FAULTS = {
  ...faultsOf('feed', {
    'feed-relationship-statuses-negative-accepted':
      '`feed_targeting.relationship_statuses` (a list of unsigned int32) takes negative items; 0 and 5 are still refused.',
    'feed-action-link-not-url-accepted': "An action's `link` (a string URL) that is no URL, words or a relative path, is accepted.",
    'feed-child-attachments-eleven-accepted':
      '11 `child_attachments` are accepted with `multi_share_optimized` true or left out, one past the 10 stated; 12 and more are refused.',
  }),
  ...faultsOf('photos', {
    'photos-tag-text-unchecked': "A tag's `tag_text` (a string) that is an object is accepted.",
  }),
};
