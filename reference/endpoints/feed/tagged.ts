import { type PageNeeds, requirePageToken } from '../../access.js';
import { readString } from '../../params.js';
import type { RefContext, RefRequest, RefResponse } from '../../types.js';
import { paginate } from '../paging.js';
import { feedSlice, listOrder } from './feed-state.js';
import { DEFAULT_FIELDS, parseFields, renderPost } from './post-fields.js';

const READ: PageNeeds = {
  anyTask: ['CREATE_CONTENT', 'MANAGE', 'MODERATE'],
  permissions: ['pages_read_engagement', 'pages_read_user_content'],
};

/**
 * `GET /{page_id}/tagged`: "only public posts that tag the Page". Only other people and Pages tag it, and the
 * reference holds no post of theirs, so the list is empty; the Page's own posts are never listed (they tag nothing,
 * and `tags` needs a `place`). Under `feed-tagged-lists-own-posts` the Page's own posts are listed there too.
 */
export function readTagged(pageId: string, req: RefRequest, ctx: RefContext): RefResponse {
  requirePageToken(req, pageId, READ, ctx.faults.has('feed-missing-permission-accepted'));
  const own = ctx.faults.has('feed-tagged-lists-own-posts')
    ? listOrder(ctx.state.get(feedSlice)).filter((post) => post.pageId === pageId && post.published)
    : [];
  const page = paginate(own, (post) => post.id, req, ctx, {});
  const asked = readString(req.params, 'fields');
  const fields = asked === undefined ? DEFAULT_FIELDS : parseFields(asked);
  return { status: 200, body: { data: page.data.map((post) => renderPost(post, fields, ctx)), paging: page.paging } };
}
