import { faultsOf } from './faults-of.js';

/** Deliberate bugs of `/{object_id}/comments` and `/{comment_id}`; each makes a rule fail. */
export const COMMENTS_FAULTS = faultsOf('comments', {
  'comments-summary-missing': '`summary=true` adds no `summary`.',
  'comments-summary-misplaced':
    '`summary=true` puts `order` and `total_count` at the top level instead of in `summary` (R12).',
  'comments-stream-count-toplevel': 'With `filter=stream`, `summary.total_count` counts top-level comments only.',
  'comments-filter-ignored': '`filter=stream` lists top-level comments only.',
  'comments-reverse-order': 'Comments are listed newest first instead of oldest first.',
  'comments-can-comment-missing': 'Comments carry no `can_comment`.',
  'comments-empty-accepted':
    'POST with none of `message`, `attachment_id`, `attachment_share_url`, `attachment_url`, `source` is accepted.',
  'comments-delete-ignored': 'DELETE `/{comment_id}` answers success but the comment stays listed.',
  'comments-edge-delete-accepted':
    'DELETE `/{object_id}/comments` answers success and removes the comments (breaks R2).',
  'comments-missing-permission-accepted': 'No code 200: a Page token without MODERATE may comment and delete comments.',
  'comments-user-token-sees-comments':
    "A User token reading a post's comments gets the comments instead of empty data.",
  'comments-ids-without-moderate':
    'Comments listed with a Page token of a person who cannot MODERATE carry their `id`.',
  'comments-listed-can-comment-string':
    'Listed comments carry `can_comment` as the string "true" or "false" instead of a boolean.',
  'comments-replies-not-listed': "GET `/{comment_id}/comments` lists nothing instead of the comment's replies.",
  'comments-media-edge-missing':
    'Photos and live videos have no `/comments` edge: reading and commenting are unsupported-operation errors.',
  'comments-edge-put-accepted':
    'PUT `/{object_id}/comments` publishes a comment instead of being an error (breaks R2).',
  'comments-toplevel-count-includes-replies':
    'With `filter=toplevel` (or no filter), `summary.total_count` counts replies too.',
  'comments-summary-always': 'The comments list carries `summary` although `summary=true` was not sent.',
  'comments-invalid-param-code-1':
    'A comment with none of the five fields, and a `filter` outside the enum, give code 1 instead of 100 (R1).',
  'comments-post-token-unchecked':
    'POST `/{object_id}/comments` is served without `access_token`, and with the app or a User token.',
  'comments-query-params-ignored': 'POST `/{object_id}/comments` ignores parameters sent in the query string.',
  'comments-summary-unchecked': 'GET takes a `summary` that is not a Boolean (`maybe`) as false instead of code 100.',
  'comments-body-params-ignored':
    'POST `/{object_id}/comments` reads its parameters from the query string only: a form or multipart body is ignored.',
  'comments-filter-unchecked': 'A `filter` other than toplevel or stream is accepted (read as toplevel).',
  'comments-delete-keeps-replied':
    'DELETE `/{comment_id}` of a comment that has replies answers success, but the comment and its replies stay listed.',
});
