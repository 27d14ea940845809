import { CLOCK_START } from '../../clock.js';
import { FIXTURES } from '../../fixtures.js';
import { buildNumbered, defineSlice } from '../../state-store.js';
import type { Post } from './post.js';

export const SEEDED_POSTS = 160;

export interface FeedState {
  /** In creation order; the feed lists them newest first. */
  posts: Post[];
  byId: Map<string, Post>;
  nextNumber: number;
}

/** The Page's initial feed: 160 posts, every fifth unpublished, a few with links, three hours apart. */
export const feedSlice = defineSlice<FeedState>('feed', (ctx) => {
  const state: FeedState = { posts: [], byId: new Map(), nextNumber: 1 };
  const seeded = ctx.fixtures === 'empty' ? 0 : SEEDED_POSTS;
  for (let i = 1; i <= seeded; i += 1) {
    addPost(state, (id) => seededPost(id, i));
  }
  return state;
});

function seededPost(id: string, i: number): Post {
  const created = CLOCK_START - (SEEDED_POSTS + 1 - i) * 3 * 3600;
  const post: Post = {
    id,
    pageId: FIXTURES.page_id,
    message: `Seeded post ${i}`,
    createdTime: created,
    updatedTime: created,
    published: i % 5 !== 0,
    viaApi: false,
  };
  if (i % 7 === 0) post.link = `https://app.example/articles/${i}`;
  if (i % 11 === 0) post.story = 'Reference Page updated its status.';
  return post;
}

/** Numbers posts `<page_id>_<n>` with a counter, so ids are stable across runs. */
export function addPost(state: FeedState, build: (id: string) => Post): Post {
  const post = buildNumbered(state, build, (n) => `${FIXTURES.page_id}_${n}`);
  state.posts.push(post);
  state.byId.set(post.id, post);
  return post;
}

/** Newest first, the order the feed lists in. */
export function listOrder(state: FeedState): Post[] {
  return [...state.posts].reverse();
}

/** Clock hook: scheduled posts whose time has come go live. */
export function publishDue(state: FeedState, now: number): void {
  for (const post of state.posts) {
    if (!post.published && post.scheduledPublishTime !== undefined && post.scheduledPublishTime <= now) {
      post.published = true;
      post.updatedTime = post.scheduledPublishTime;
    }
  }
}
