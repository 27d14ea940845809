import { GraphError, invalidParam } from '../../graph-error.js';
import { readString } from '../../params.js';
import type { RefContext, RefRequest } from '../../types.js';
import { fetchImage } from '../photos/fetch-image.js';
import { imageType } from '../photos/image-check.js';
import { isUnpublishedUpload } from '../photos/photo-lifecycle.js';
import type { Comment } from './comment-state.js';
import type { CommentTarget } from './comment-target.js';

export type CommentInput = Pick<Comment, 'message' | 'attachment'>;

const nonEmpty = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/**
 * A comment POST needs at least one of `message`, `attachment_id`, `attachment_share_url`, `attachment_url`
 * and `source` (spec Errors). Everything local is checked before any URL is fetched.
 */
export async function readCommentInput(
  req: RefRequest,
  ctx: RefContext,
  target: CommentTarget,
): Promise<CommentInput> {
  const queryOnly = ctx.faults.has('comments-body-params-ignored');
  const params = ctx.faults.has('comments-query-params-ignored') ? bodyOnly(req) : queryOnly ? fromQuery(req) : req.params;
  const message = nonEmpty(readString(params, 'message'));
  const photoId = nonEmpty(readString(params, 'attachment_id'));
  const shareUrl = nonEmpty(readString(params, 'attachment_share_url'));
  const imageUrl = nonEmpty(readString(params, 'attachment_url'));
  const file = queryOnly ? undefined : req.files.find((part) => part.field === 'source');
  if (!message && !photoId && !shareUrl && !imageUrl && !file && !ctx.faults.has('comments-empty-accepted')) {
    throw commentsInvalidParam(
      ctx,
      'A comment needs one of message, attachment_id, attachment_share_url, attachment_url or source.',
    );
  }
  if (photoId && !isUnpublishedUpload(ctx, target.pageId, photoId)) {
    throw invalidParam(`attachment_id ${photoId} is not an unpublished photo of this Page.`);
  }
  if (file && imageType(file.data) === undefined) throw invalidParam('source must be an image file.');
  for (const url of [shareUrl, imageUrl]) {
    if (url && !(await fetchImage(url))) throw invalidParam(`The attachment at ${url} could not be fetched.`);
  }
  return { message, attachment: attachmentOf(photoId, shareUrl, imageUrl, file !== undefined) };
}

/** Under its fault switch: the parameters that came in the query string are dropped. */
function bodyOnly(req: RefRequest): RefRequest['params'] {
  const params = { ...req.params };
  for (const name of req.url.searchParams.keys()) if (name !== 'access_token') delete params[name];
  return params;
}

/** Under its fault switch: only the parameters that came in the query string are read (a form body is ignored). */
function fromQuery(req: RefRequest): RefRequest['params'] {
  const inQuery = new Set([...req.url.searchParams.keys()].map((name) => name.split('[')[0]!));
  return Object.fromEntries(Object.entries(req.params).filter(([name]) => inQuery.has(name)));
}

/** Code 100 (R1), or code 1 under its fault switch. */
export function commentsInvalidParam(ctx: RefContext, message: string): GraphError {
  return ctx.faults.has('comments-invalid-param-code-1') ? new GraphError(1, message) : invalidParam(message);
}

function attachmentOf(
  photoId: string | undefined,
  shareUrl: string | undefined,
  imageUrl: string | undefined,
  uploaded: boolean,
): Comment['attachment'] {
  if (photoId) return { type: 'photo', target: photoId };
  if (shareUrl) return { type: 'animated_image_share', url: shareUrl };
  if (imageUrl) return { type: 'photo', url: imageUrl };
  return uploaded ? { type: 'photo' } : undefined;
}
