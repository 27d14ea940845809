import type { RefContext } from '../../types.js';
import { feedSlice } from '../feed/feed-state.js';
import { photosSlice } from '../photos/photo-state.js';
import { findMedia, videosSlice } from '../videos/video-state.js';
import { commentsSlice } from './comment-state.js';

export type TargetKind = 'post' | 'photo' | 'comment' | 'video' | 'live_video';

/** An object that has a `/comments` edge in the reference: posts, photos, comments, videos, live videos. */
export interface CommentTarget {
  id: string;
  kind: TargetKind;
  /** The Page whose tokens moderate it; the reference has one Page, which owns every video too. */
  pageId: string;
  /** Whether a reply is possible: every object, and top-level comments (replies take no replies). */
  canComment: boolean;
}

export function findTarget(ctx: RefContext, id: string): CommentTarget | undefined {
  const pageId = ctx.profile.fixtures['page_id'] ?? '';
  const post = ctx.state.get(feedSlice).byId.get(id);
  if (post) return { id, kind: 'post', pageId: post.pageId, canComment: true };
  const photo = ctx.state.get(photosSlice).photos.get(id);
  const mediaEdgeMissing = ctx.faults.has('comments-media-edge-missing');
  if (photo && mediaEdgeMissing) return undefined;
  if (photo) return { id, kind: 'photo', pageId: photo.pageId, canComment: true };
  const comment = ctx.state.get(commentsSlice).comments.get(id);
  if (comment && !comment.deleted) {
    return { id, kind: 'comment', pageId: comment.pageId, canComment: comment.depth === 0 };
  }
  const videos = ctx.state.get(videosSlice);
  if (findMedia(videos, 'video', id)) return { id, kind: 'video', pageId, canComment: true };
  if (findMedia(videos, 'live_video', id) && !mediaEdgeMissing) return { id, kind: 'live_video', pageId, canComment: true };
  return undefined;
}

/** Route `accepts` for `/{object_id}/comments`. */
export const hasCommentsEdge = (params: Record<string, string>, ctx: RefContext): boolean =>
  findTarget(ctx, params['object_id'] ?? '') !== undefined;
