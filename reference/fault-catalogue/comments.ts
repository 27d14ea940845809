import type { FaultCatalogue } from '../webhook-seam.js';

const area = 'comments';

/** Deliberate bugs of `/{object_id}/comments` and `/{comment_id}`; each makes a rule fail. */
export const COMMENTS_FAULTS: FaultCatalogue = {
  'comments-summary-missing': { area, description: '`summary=true` adds no `summary`.' },
  'comments-summary-misplaced': {
    area,
    description:
      '`summary=true` puts `order` and `total_count` at the top level instead of in `summary` (R12).',
  },
  'comments-stream-count-toplevel': {
    area,
    description: 'With `filter=stream`, `summary.total_count` counts top-level comments only.',
  },
  'comments-filter-ignored': { area, description: '`filter=stream` lists top-level comments only.' },
  'comments-reverse-order': {
    area,
    description: 'Comments are listed newest first instead of oldest first.',
  },
  'comments-can-comment-missing': { area, description: 'Comments carry no `can_comment`.' },
  'comments-empty-accepted': {
    area,
    description:
      'POST with none of `message`, `attachment_id`, `attachment_share_url`, `attachment_url`, `source` is accepted.',
  },
  'comments-delete-ignored': {
    area,
    description: 'DELETE `/{comment_id}` answers success but the comment stays listed.',
  },
  'comments-edge-delete-accepted': {
    area,
    description: 'DELETE `/{object_id}/comments` answers success and removes the comments (breaks R2).',
  },
  'comments-missing-permission-accepted': {
    area,
    description: 'No code 200: a Page token without MODERATE may comment and delete comments.',
  },
  'comments-read-any-token': {
    area,
    description: 'Comments are listed for any token the target issued (the app token too), not only for one that may view their object.',
  },
  'comments-user-token-sees-comments': {
    area,
    description: "A User token reading a post's comments gets the comments instead of empty data.",
  },
  'comments-ids-without-moderate': {
    area,
    description: 'Comments listed with a Page token of a person who cannot MODERATE carry their `id`.',
  },
  'comments-listed-can-comment-string': {
    area,
    description: 'Listed comments carry `can_comment` as the string "true" or "false" instead of a boolean.',
  },
  'comments-replies-not-listed': {
    area,
    description: "GET `/{comment_id}/comments` lists nothing instead of the comment's replies.",
  },
  'comments-media-edge-missing': {
    area,
    description: 'Photos and live videos have no `/comments` edge: reading and commenting are unsupported-operation errors.',
  },
  'comments-edge-put-accepted': {
    area,
    description: 'PUT `/{object_id}/comments` publishes a comment instead of being an error (breaks R2).',
  },
  'comments-toplevel-count-includes-replies': {
    area,
    description: 'With `filter=toplevel` (or no filter), `summary.total_count` counts replies too.',
  },
  'comments-summary-always': {
    area,
    description: 'The comments list carries `summary` although `summary=true` was not sent.',
  },
  'comments-invalid-param-code-1': {
    area,
    description: 'A comment with none of the five fields, and a `filter` outside the enum, give code 1 instead of 100 (R1).',
  },
  'comments-post-token-unchecked': {
    area,
    description: 'POST `/{object_id}/comments` is served without `access_token`, and with the app or a User token.',
  },
  'comments-query-params-ignored': {
    area,
    description: 'POST `/{object_id}/comments` ignores parameters sent in the query string.',
  },
  'comments-filter-unchecked': {
    area,
    description: 'A `filter` other than toplevel or stream is accepted (read as toplevel).',
  },
};
