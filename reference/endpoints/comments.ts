import { invalidParam } from '../graph-error.js';
import { readString } from '../params.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse } from '../types.js';
import { readAccess, requireModerator } from './comments/comment-access.js';
import { commentFields, renderComment } from './comments/comment-fields.js';
import { readCommentInput } from './comments/comment-input.js';
import { commentsListBody } from './comments/comment-list.js';
import { addComment, commentsSlice, deleteComment, listComments } from './comments/comment-state.js';
import { type CommentTarget, findTarget, hasCommentsEdge } from './comments/comment-target.js';

/** `accepts` already found the object; a miss here would be a reference bug, never a user's. */
function targetOf(req: RefRequest, ctx: RefContext, param: string): CommentTarget {
  const target = findTarget(ctx, req.pathParams[param] ?? '');
  if (!target) throw new Error(`route accepted ${param} without a comments target`);
  return target;
}

function listEdge(req: RefRequest, ctx: RefContext): RefResponse {
  const target = targetOf(req, ctx, 'object_id');
  const access = readAccess(req, ctx, target);
  return { status: 200, body: commentsListBody(req, ctx, target.id, access, target.kind === 'comment') };
}

/** POST `/{object_id}/comments`: `{id}`, or the requested `fields` of the new comment (read-after-write). */
async function publish(req: RefRequest, ctx: RefContext): Promise<RefResponse> {
  const target = targetOf(req, ctx, 'object_id');
  requireModerator(req, ctx, target.pageId);
  if (!target.canComment) throw invalidParam(`Comment ${target.id} is a reply and cannot be replied to.`);
  const input = await readCommentInput(req, ctx, target);
  const state = ctx.state.get(commentsSlice);
  const comment = addComment(state, target.id, { ...input, pageId: target.pageId }, ctx.clock.now());
  const fields = readString(req.params, 'fields');
  const body = fields === undefined ? { id: comment.id } : renderComment(comment, commentFields(fields), ctx);
  return { status: 200, body };
}

/** GET `/{comment_id}`: its shape is not shown (NS-12); the edge's default fields. */
function readOne(req: RefRequest, ctx: RefContext): RefResponse {
  const target = targetOf(req, ctx, 'comment_id');
  const access = readAccess(req, ctx, target);
  const comment = ctx.state.get(commentsSlice).comments.get(target.id);
  if (!comment) throw new Error(`comment ${target.id} vanished between accepts and handler`);
  const fields = commentFields(readString(req.params, 'fields'));
  return { status: 200, body: renderComment(comment, fields, ctx, access === 'full') };
}

/** DELETE `/{comment_id}`: the comment and its replies leave every list. */
function remove(req: RefRequest, ctx: RefContext): RefResponse {
  const target = targetOf(req, ctx, 'comment_id');
  requireModerator(req, ctx, target.pageId);
  const state = ctx.state.get(commentsSlice);
  // Under its fault switch, a comment someone replied to survives its delete: the delete skips what has replies.
  const replied = ctx.faults.has('comments-delete-keeps-replied') && listComments(state, target.id, false).length > 0;
  if (!ctx.faults.has('comments-delete-ignored') && !replied) deleteComment(state, target.id);
  return { status: 200, body: { success: true } };
}

/** Only under its fault switch: deleting through the edge is unsupported (R2), so no route claims it. */
function removeThroughEdge(req: RefRequest, ctx: RefContext): RefResponse {
  const target = targetOf(req, ctx, 'object_id');
  const state = ctx.state.get(commentsSlice);
  for (const comment of listComments(state, target.id, false)) deleteComment(state, comment.id);
  return { status: 200, body: { success: true } };
}

const isComment = (params: Record<string, string>, ctx: RefContext): boolean =>
  findTarget(ctx, params['comment_id'] ?? '')?.kind === 'comment';

/** `/{object_id}/comments` on posts, photos, comments, videos and live videos; `/{comment_id}`. */
export const COMMENTS_GROUP: EndpointGroup = {
  name: 'comments',
  routes: [
    { method: 'GET', pattern: '/:object_id/comments', accepts: hasCommentsEdge, handler: listEdge },
    { method: 'POST', pattern: '/:object_id/comments', accepts: hasCommentsEdge, handler: publish },
    {
      method: 'DELETE',
      pattern: '/:object_id/comments',
      accepts: (params, ctx) =>
        ctx.faults.has('comments-edge-delete-accepted') && hasCommentsEdge(params, ctx),
      handler: removeThroughEdge,
    },
    // Only under its fault switch: PUT through the edge is unsupported (R2); this one publishes a comment.
    {
      method: 'PUT',
      pattern: '/:object_id/comments',
      accepts: (params, ctx) => ctx.faults.has('comments-edge-put-accepted') && hasCommentsEdge(params, ctx),
      handler: publish,
    },
    { method: 'GET', pattern: '/:comment_id', accepts: isComment, handler: readOne },
    { method: 'DELETE', pattern: '/:comment_id', accepts: isComment, handler: remove },
  ],
};
