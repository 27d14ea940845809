import type { EndpointGroup } from '../types.js';
import { AUTH_GROUP } from './auth.js';
import { COMMENTS_GROUP } from './comments.js';
import { FEED_GROUP } from './feed.js';
import { PHOTOS_GROUP } from './photos.js';
import { PRODUCT_FEED_GROUP } from './product-feed.js';
import { SUBSCRIPTIONS_GROUP } from './subscriptions.js';
import { TEMPLATES_GROUP } from './templates.js';
import { THREAD_GROUP } from './thread.js';
import { VIDEOS_GROUP } from './videos.js';

/**
 * Every endpoint group the reference serves, in matching order. A new group (photos, comments, threads, ...)
 * is a file `reference/endpoints/<group>.ts` exporting an `EndpointGroup`, added here; routes with a bare
 * `/:id` pattern go after the specific ones and use `accepts` to claim only their own ids. Comments come
 * before videos, whose `/{id}/{edge}` routes leave the `comments` edge to them. Clock hooks run in this
 * order too: scheduled posts, then photo schedules and retention, then template reviews.
 */
export const ENDPOINT_GROUPS: EndpointGroup[] = [
  AUTH_GROUP,
  SUBSCRIPTIONS_GROUP,
  FEED_GROUP,
  PHOTOS_GROUP,
  COMMENTS_GROUP,
  THREAD_GROUP,
  TEMPLATES_GROUP,
  PRODUCT_FEED_GROUP,
  VIDEOS_GROUP,
];
