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
  'comments-user-token-sees-comments': {
    area,
    description: "A User token reading a post's comments gets the comments instead of empty data.",
  },
  'comments-filter-unchecked': {
    area,
    description: 'A `filter` other than toplevel or stream is accepted (read as toplevel).',
  },
};
