import { formatGraphTime } from '../../clock.js';
import type { RefContext } from '../../types.js';
import { parseFields } from '../feed/post-fields.js';
import { type Comment, commentsSlice, listComments } from './comment-state.js';

type Render = (comment: Comment, ctx: RefContext) => unknown;

/** Comment fields other than `can_comment` are not shown by the spec (NS-03); these follow common usage. */
const RENDERERS: Record<string, Render> = {
  id: (comment) => comment.id,
  message: (comment) => comment.message ?? '',
  created_time: (comment) => formatGraphTime(comment.createdTime),
  from: (comment) => ({ id: comment.pageId, name: 'Reference Page' }),
  can_comment: (comment, ctx) =>
    ctx.faults.has('comments-can-comment-missing') ? undefined : comment.depth === 0,
  parent: (comment) => (comment.depth > 0 ? { id: comment.parentId } : undefined),
  attachment: (comment) => comment.attachment,
  comment_count: (comment, ctx) => listComments(ctx.state.get(commentsSlice), comment.id, false).length,
};

export const DEFAULT_COMMENT_FIELDS = ['id', 'message', 'created_time', 'from', 'can_comment'];

/** The requested fields, or the defaults when `fields` is absent. */
export function commentFields(spec: string | undefined): string[] {
  return spec === undefined || spec.trim() === '' ? DEFAULT_COMMENT_FIELDS : parseFields(spec);
}

/**
 * A comment as the edge shows it. `withId` is false for a person without the MODERATE task: the spec says
 * that task is needed to get comment ids.
 */
export function renderComment(
  comment: Comment,
  fields: string[],
  ctx: RefContext,
  withId = true,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'id' && !withId) continue;
    const value = RENDERERS[field]?.(comment, ctx);
    if (value !== undefined) result[field] = value;
  }
  return result;
}
