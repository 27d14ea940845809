import { invalidParam } from '../../graph-error.js';
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
  const { params } = req;
  const message = nonEmpty(readString(params, 'message'));
  const photoId = nonEmpty(readString(params, 'attachment_id'));
  const shareUrl = nonEmpty(readString(params, 'attachment_share_url'));
  const imageUrl = nonEmpty(readString(params, 'attachment_url'));
  const file = req.files.find((part) => part.field === 'source');
  if (!message && !photoId && !shareUrl && !imageUrl && !file && !ctx.faults.has('comments-empty-accepted')) {
    throw invalidParam(
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
