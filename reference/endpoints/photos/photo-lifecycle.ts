import { invalidParam } from '../../graph-error.js';
import type { RefContext, UnixSeconds } from '../../types.js';
import { addPost, feedSlice } from '../feed/feed-state.js';
import type { Post } from '../feed/post.js';
import { type Photo, photosSlice, retentionSeconds } from './photo-state.js';

/**
 * The temporary upload state of the spec's state table: an unpublished upload is kept about 24 hours, and a
 * multi-photo post that references it within that time takes it out of that state (it is then published with
 * the post). "Attached" is read from the feed, so a post and its photos can never disagree.
 */
export function attachingPost(ctx: RefContext, photoId: string): Post | undefined {
  return ctx.state.get(feedSlice).posts.find((post) => post.attachedMedia?.includes(photoId));
}

/** Where a published photo's image is served: the post's `full_picture`. */
export const PHOTO_FILES = '/photo-files';

/** Publishes an upload: it gets a Page post of its own, which is what `post_id` names. */
export function publishPhoto(ctx: RefContext, photo: Photo, time: UnixSeconds): void {
  photo.published = true;
  photo.scheduledPublishTime = undefined;
  const post = addPost(ctx.state.get(feedSlice), (id) => ({
    id,
    pageId: photo.pageId,
    message: photo.caption,
    createdTime: time,
    updatedTime: time,
    published: true,
    viaApi: true,
    attachedMedia: [photo.id],
    ...(photo.image ? { picture: `${ctx.mediaUrl}${PHOTO_FILES}/${photo.id}` } : {}),
  }));
  photo.postId = post.id;
}

/** Clock hook: scheduled uploads go live; unattached unpublished uploads past the retention are deleted. */
export function runPhotoClock(ctx: RefContext, now: UnixSeconds): void {
  const state = ctx.state.get(photosSlice);
  const retention = retentionSeconds(ctx.faults);
  for (const photo of [...state.photos.values()]) {
    if (photo.published) continue;
    if (photo.scheduledPublishTime !== undefined) {
      const due = photo.scheduledPublishTime <= now && !ctx.faults.has('photos-schedule-never-publishes');
      if (due) publishPhoto(ctx, photo, photo.scheduledPublishTime);
      continue;
    }
    if (photo.createdTime + retention <= now && !attachingPost(ctx, photo.id)) state.photos.delete(photo.id);
  }
}

/**
 * Feed `attached_media` (R13): every `media_fbid` must be an unpublished upload of this Page, still within
 * retention and not yet used by another post. A gone or never-issued photo makes the post fail.
 */
export function requireAttachablePhotos(ctx: RefContext, pageId: string, ids: string[]): void {
  if (ctx.faults.has('photos-attached-media-unchecked')) return;
  const { photos } = ctx.state.get(photosSlice);
  for (const id of ids) {
    const photo = photos.get(id);
    if (!photo || photo.pageId !== pageId) {
      throw invalidParam(`attached_media ${id} is not a photo of this Page, or it was deleted.`);
    }
    if (photo.published || photo.scheduledPublishTime !== undefined || attachingPost(ctx, id)) {
      throw invalidParam(`attached_media ${id} must be an unpublished photo not used by another post.`);
    }
  }
}

/** An unpublished upload of this Page still within retention: what a comment's `attachment_id` may name. */
export function isUnpublishedUpload(ctx: RefContext, pageId: string, id: string): boolean {
  const photo = ctx.state.get(photosSlice).photos.get(id);
  return photo !== undefined && photo.pageId === pageId && !photo.published;
}
