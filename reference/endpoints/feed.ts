import { type PageNeeds, requirePageToken } from '../access.js';
import { GraphError, invalidParam } from '../graph-error.js';
import { readString } from '../params.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse, Route } from '../types.js';
import { addPost, feedSlice, listOrder, publishDue } from './feed/feed-state.js';
import { cappedSize, greyPng } from './feed/full-picture.js';
import { DEFAULT_FIELDS, parseFields, renderPost } from './feed/post-fields.js';
import { readPostInput } from './feed/post-input.js';
import { readTagged } from './feed/tagged.js';
import { type PagingFaults, paginate } from './paging.js';

const READ: PageNeeds = {
  anyTask: ['CREATE_CONTENT', 'MANAGE', 'MODERATE'],
  permissions: ['pages_read_engagement', 'pages_read_user_content'],
};
const WRITE: PageNeeds = {
  anyTask: ['CREATE_CONTENT'],
  permissions: ['pages_manage_posts', 'pages_read_engagement', 'pages_show_list'],
};

/** `me` stands for the token's Page; any other id must be the fixture Page. */
function pageIdOf(req: RefRequest): string {
  const id = req.pathParams['page_id'] ?? '';
  return id === 'me' ? (req.token?.pageId ?? id) : id;
}

const isPage = (params: Record<string, string>, ctx: RefContext): boolean =>
  params['page_id'] === 'me' || params['page_id'] === ctx.profile.fixtures['page_id'];

function fieldsOf(req: RefRequest, ctx: RefContext, fallback: string[]): string[] {
  if (ctx.faults.has('feed-fields-ignored')) return fallback;
  const fields = parseFields(readString(req.params, 'fields'));
  if (fields.includes('sheduled_publish_time') && ctx.faults.has('feed-misspelled-field-refused')) {
    throw invalidParam('Tried accessing nonexisting field (sheduled_publish_time).');
  }
  return fields;
}

function readFeed(req: RefRequest, ctx: RefContext): RefResponse {
  const pageId = pageIdOf(req);
  requirePageToken(req, pageId, READ, ctx.faults.has('feed-missing-permission-accepted'));
  const { faults } = ctx;
  let posts = listOrder(ctx.state.get(feedSlice)).filter((post) => post.pageId === pageId);
  if (faults.has('feed-unpublished-hidden')) posts = posts.filter((post) => post.published);
  // Under its fault switch, a scheduled post gone live is listed once as scheduled and once as published.
  if (faults.has('feed-scheduled-listed-twice')) {
    posts = posts.flatMap((post) => (post.published && post.scheduledPublishTime !== undefined ? [post, post] : [post]));
  }
  const paging: PagingFaults = {
    limitNotCapped: faults.has('feed-limit-not-capped'),
    limitIgnored: faults.has('feed-limit-ignored'),
    repeats: faults.has('feed-paging-repeats'),
    skips: faults.has('feed-paging-skips'),
    nextMissingNextToLast: faults.has('feed-paging-next-missing-next-to-last'),
    noCursors: faults.has('feed-list-shape'),
  };
  const page = paginate(posts, (post) => post.id, req, ctx, paging);
  const fields = fieldsOf(req, ctx, DEFAULT_FIELDS);
  return {
    status: 200,
    body: { data: page.data.map((post) => renderPost(post, fields, ctx)), paging: page.paging },
  };
}

async function createPost(sent: RefRequest, ctx: RefContext): Promise<RefResponse> {
  const req = ctx.faults.has('feed-post-query-params-ignored') ? withoutQueryParams(sent) : sent;
  const pageId = pageIdOf(req);
  requirePageToken(req, pageId, WRITE, ctx.faults.has('feed-missing-permission-accepted'));
  const input = await readPostInput(req, ctx);
  const post = addPost(ctx.state.get(feedSlice), (id) => ({ ...input, id, pageId }));
  const requested = readString(req.params, 'fields') === undefined ? ['id'] : fieldsOf(req, ctx, ['id']);
  const body = renderPost(post, requested, ctx);
  if (ctx.faults.has('feed-post-response-shape')) {
    const { id, ...rest } = body;
    return { status: 200, body: { post_id: id, ...rest } };
  }
  return { status: 200, body };
}

/** The request as if its query string held only the access token (the `feed-post-query-params-ignored` fault). */
export function withoutQueryParams(req: RefRequest): RefRequest {
  const inQuery = new Set([...req.url.searchParams.keys()].map((key) => key.split('[')[0]!));
  inQuery.delete('access_token');
  const params = Object.fromEntries(Object.entries(req.params).filter(([key]) => !inQuery.has(key)));
  return { ...req, params };
}

function readPost(req: RefRequest, ctx: RefContext): RefResponse {
  const post = ctx.state.get(feedSlice).byId.get(req.pathParams['post_id'] ?? '');
  if (!post) throw new GraphError(100, 'Object does not exist.', 'GraphMethodException');
  requirePageToken(req, post.pageId, READ, ctx.faults.has('feed-missing-permission-accepted'));
  return { status: 200, body: renderPost(post, fieldsOf(req, ctx, DEFAULT_FIELDS), ctx) };
}

/** The full picture of a post whose `picture` is larger than 720 px, resized (full_picture.ts). */
function servePicture(req: RefRequest, ctx: RefContext): RefResponse {
  const size = ctx.state.get(feedSlice).byId.get(req.pathParams['post_id'] ?? '')?.pictureSize;
  if (!size) throw new GraphError(100, 'Object does not exist.', 'GraphMethodException');
  return { status: 200, file: { contentType: 'image/png', data: greyPng(cappedSize(size)) } };
}

/** Feed parameter errors carry code 1 instead of 100 under the `feed-wrong-error-code` fault. */
function feedErrors<T>(handler: (req: RefRequest, ctx: RefContext) => T): Route['handler'] {
  return async (req, ctx) => {
    try {
      return (await handler(req, ctx)) as RefResponse;
    } catch (error) {
      if (error instanceof GraphError && error.code === 100 && ctx.faults.has('feed-wrong-error-code')) {
        throw new GraphError(
          1,
          error.message.replace('(#100)', '(#1)'),
          error.type,
          error.subcode,
          error.status,
        );
      }
      throw error;
    }
  };
}

/** The fixture Page's feed, unless the `feed-unserved` switch leaves it unimplemented (no route: the unknown-path error). */
const servedFeed = (params: Record<string, string>, ctx: RefContext): boolean => !ctx.faults.has('feed-unserved') && isPage(params, ctx);

/** `/{page_id}/feed` (GET lists, POST publishes), `/{page_id}/tagged` and `/{post_id}` for reading one post. */
export const FEED_GROUP: EndpointGroup = {
  name: 'feed',
  routes: [
    { method: 'GET', pattern: '/:page_id/feed', accepts: servedFeed, handler: feedErrors(readFeed) },
    { method: 'POST', pattern: '/:page_id/feed', accepts: servedFeed, handler: feedErrors(createPost) },
    {
      method: 'GET',
      pattern: '/:page_id/tagged',
      accepts: servedFeed,
      handler: feedErrors((req, ctx) => readTagged(pageIdOf(req), req, ctx)),
    },
    {
      method: 'GET',
      pattern: '/feed-pictures/:post_id',
      accepts: (params, ctx) => ctx.state.get(feedSlice).byId.get(params['post_id'] ?? '')?.pictureSize !== undefined,
      exemptFromVersionHistory: true,
      media: true,
      handler: servePicture,
    },
    {
      method: 'GET',
      pattern: '/:post_id',
      accepts: (params, ctx) =>
        !ctx.faults.has('feed-unserved') &&
        !ctx.faults.has('reads-unstated-refused') &&
        ctx.state.get(feedSlice).byId.has(params['post_id'] ?? ''),
      handler: feedErrors(readPost),
    },
  ],
  onAdvance: (ctx, now) => {
    if (!ctx.faults.has('feed-schedule-never-live')) publishDue(ctx.state.get(feedSlice), now);
  },
};
