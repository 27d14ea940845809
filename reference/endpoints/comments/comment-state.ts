import { CLOCK_START } from '../../clock.js';
import { FIXTURES } from '../../fixtures.js';
import { defineSlice } from '../../state-store.js';
import type { UnixSeconds } from '../../types.js';
import { FIRST_UPLOAD_ID } from '../photos/photo-state.js';

export interface Comment {
  /** Numeric string. */
  id: string;
  /** The object whose `/comments` edge holds it directly: a post, photo, video, live video or comment. */
  parentId: string;
  /** 0 for a top-level comment, 1 for a reply. */
  depth: number;
  pageId: string;
  message?: string;
  attachment?: { type: string; target?: string; url?: string };
  createdTime: UnixSeconds;
  deleted: boolean;
}

export interface CommentState {
  /** Insertion order is creation order, which is the chronological order of the edge. */
  comments: Map<string, Comment>;
  nextNumber: number;
}

const FIRST_ID = 9_000_001;

/** The newest published seeded post (every fifth seeded post is unpublished). */
export const COMMENTED_POST_ID = `${FIXTURES.page_id}_159`;

/** [parent, message]; a parent given as a number is the n-th seeded comment (a reply). */
const SEEDS: Array<[string | number, string]> = [
  [COMMENTED_POST_ID, 'First!'],
  [COMMENTED_POST_ID, 'When does the shop open?'],
  [1, 'At nine, every day.'],
  [1, 'Thanks!'],
  [COMMENTED_POST_ID, 'Lovely photos.'],
  [FIXTURES.video_id, 'Great video.'],
  [FIXTURES.video_id, 'What camera was this?'],
  [FIXTURES.live_video_id, 'Hello from the stream.'],
  [FIRST_UPLOAD_ID, 'Nice shot.'],
];

/** Comments on a seeded post (three top-level, two replies), on the fixture video, live video and a photo. */
export const commentsSlice = defineSlice<CommentState>('comments', (ctx) => {
  const state: CommentState = { comments: new Map(), nextNumber: FIRST_ID };
  if (ctx.fixtures === 'empty') return { ...state, nextNumber: FIRST_ID + SEEDS.length };
  const ids: string[] = [];
  SEEDS.forEach(([parent, message], i) => {
    const parentId = typeof parent === 'number' ? (ids[parent] ?? '') : parent;
    const time = CLOCK_START - (SEEDS.length - i) * 600;
    ids.push(addComment(state, parentId, { message, pageId: FIXTURES.page_id }, time).id);
  });
  return state;
});

export function addComment(
  state: CommentState,
  parentId: string,
  content: Pick<Comment, 'message' | 'attachment' | 'pageId'>,
  time: UnixSeconds,
): Comment {
  const parent = state.comments.get(parentId);
  const comment: Comment = {
    ...content,
    id: String(state.nextNumber),
    parentId,
    depth: parent ? parent.depth + 1 : 0,
    createdTime: time,
    deleted: false,
  };
  state.nextNumber += 1;
  state.comments.set(comment.id, comment);
  return comment;
}

/** The comments directly on `objectId` (`toplevel`) or at every level below it (`stream`), oldest first. */
export function listComments(state: CommentState, objectId: string, stream: boolean): Comment[] {
  const under = new Set([objectId]);
  const result: Comment[] = [];
  for (const comment of state.comments.values()) {
    if (comment.deleted || !under.has(comment.parentId)) continue;
    if (comment.parentId === objectId || stream) result.push(comment);
    // Replies are always created after their parent, so one pass in creation order finds every level.
    if (stream) under.add(comment.id);
  }
  return result;
}

/** Deletes a comment and, with it, its replies. */
export function deleteComment(state: CommentState, id: string): void {
  for (const comment of listComments(state, id, true)) comment.deleted = true;
  const comment = state.comments.get(id);
  if (comment) comment.deleted = true;
}
