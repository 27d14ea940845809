import type { EndpointGroup } from '../types.js';
import { AUTH_GROUP } from './auth.js';
import { FEED_GROUP } from './feed.js';
import { SUBSCRIPTIONS_GROUP } from './subscriptions.js';

/**
 * Every endpoint group the reference serves, in matching order. A new group (photos, comments, threads, ...)
 * is a file `reference/endpoints/<group>.ts` exporting an `EndpointGroup`, added here; routes with a bare
 * `/:id` pattern go after the specific ones and use `accepts` to claim only their own ids.
 */
export const ENDPOINT_GROUPS: EndpointGroup[] = [AUTH_GROUP, SUBSCRIPTIONS_GROUP, FEED_GROUP];
