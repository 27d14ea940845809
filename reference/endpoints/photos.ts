import { type PageNeeds, requirePageToken } from '../access.js';
import { GraphError, invalidParam } from '../graph-error.js';
import { readString, toInt } from '../params.js';
import { requireToken } from '../tokens.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse } from '../types.js';
import { paginate } from './paging.js';
import { isPage, pageIdOf } from './photos/page-id.js';
import { readPhotoInput } from './photos/photo-input.js';
import { PHOTO_FILES, publishPhoto, runPhotoClock } from './photos/photo-lifecycle.js';
import { addPhoto, listPhotos, PHOTO_TYPES, type PhotoType, photosSlice } from './photos/photo-state.js';

const READ: PageNeeds = { anyTask: ['MODERATE'], permissions: ['pages_read_engagement', 'pages_show_list'] };
const WRITE: PageNeeds = {
  anyTask: ['CREATE_CONTENT'],
  permissions: ['pages_read_engagement', 'pages_manage_posts', 'pages_show_list'],
};

/** Skips the Page-token checks: under `photos-missing-permission-accepted`, and without any token under `photos-no-token-served`. */
const lenient = (req: RefRequest, ctx: RefContext): boolean =>
  ctx.faults.has('photos-missing-permission-accepted') ||
  (ctx.faults.has('photos-no-token-served') && !req.accessToken);

function requirePhotoToken(req: RefRequest, pageId: string, needs: PageNeeds, ctx: RefContext): void {
  if (ctx.faults.has('photos-no-token-served') && !req.accessToken) return;
  requirePageToken(req, pageId, needs, lenient(req, ctx));
}

function readType(req: RefRequest, ctx: RefContext): PhotoType {
  const type = readString(req.params, 'type') ?? (ctx.faults.has('photos-default-type-uploaded') ? 'uploaded' : 'profile');
  if (type === 'tagged' && ctx.faults.has('photos-type-tagged-refused')) throw invalidParam('type tagged is not available.');
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) {
    if (ctx.faults.has('photos-params-unchecked')) return 'profile';
    const message = `type must be one of ${PHOTO_TYPES.join(', ')}.`;
    if (ctx.faults.has('photos-type-wrong-code')) throw new GraphError(1, `(#1) ${message}`);
    throw invalidParam(message);
  }
  return ctx.faults.has('photos-type-ignored') ? 'profile' : (type as PhotoType);
}

/** GET `/{page_id}/photos`: a list result of `{id}` (NS-01), newest first. */
function listPagePhotos(req: RefRequest, ctx: RefContext): RefResponse {
  const pageId = pageIdOf(req);
  requirePhotoToken(req, pageId, READ, ctx);
  if (!ctx.faults.has('photos-read-filters-unchecked')) {
    toInt(req.params['biz_tag_id'], 'biz_tag_id');
    toInt(req.params['business_id'], 'business_id');
  }
  const photos = listPhotos(ctx.state.get(photosSlice), pageId, readType(req, ctx));
  const page = paginate(photos, (photo) => photo.id, req, ctx, { nextDropped: ctx.faults.has('photos-paging-next-dropped') });
  const idOf = (photo: { id: string }): string | number =>
    ctx.faults.has('photos-list-ids-numeric') ? Number(photo.id) : photo.id;
  return { status: 200, body: { data: page.data.map((photo) => ({ id: idOf(photo) })), paging: page.paging } };
}

/** POST `/{page_id}/photos`: `{id, post_id}` when published, `{id}` for an unpublished upload (R36). */
async function createPhoto(sent: RefRequest, ctx: RefContext): Promise<RefResponse> {
  const req = ctx.faults.has('photos-post-query-params-ignored') ? withoutQueryParams(sent) : sent;
  const pageId = pageIdOf(req);
  requirePhotoToken(req, pageId, WRITE, ctx);
  if (ctx.faults.has('photos-create-fields-refused') && req.params['fields'] !== undefined) {
    throw invalidParam('fields is not a parameter of this operation.');
  }
  const input = await readPhotoInput(req, ctx);
  const now = ctx.clock.now();
  const photo = addPhoto(ctx.state.get(photosSlice), (id) => ({
    id,
    pageId,
    type: 'uploaded',
    published: false,
    createdTime: now,
    caption: input.caption,
    temporary: input.temporary,
    scheduledPublishTime: input.scheduledPublishTime,
    ...(input.image ? { image: input.image } : {}),
  }));
  const publishedAnyway =
    (ctx.faults.has('photos-unpublished-upload-published') && input.scheduledPublishTime === undefined) ||
    (ctx.faults.has('photos-temporary-upload-published') && input.temporary);
  if (input.published || publishedAnyway) publishPhoto(ctx, photo, now);
  const id = ctx.faults.has('photos-id-not-numeric') ? Number(photo.id) : photo.id;
  const withPost = input.published && photo.postId !== undefined && !ctx.faults.has('photos-post-id-missing');
  return { status: 200, body: withPost ? { id, post_id: photo.postId } : { id } };
}

/** The request as if its query string held only the access token (the `photos-post-query-params-ignored` fault). */
function withoutQueryParams(req: RefRequest): RefRequest {
  const inQuery = new Set([...req.url.searchParams.keys()].map((key) => key.split('[')[0]!));
  inQuery.delete('access_token');
  return { ...req, params: Object.fromEntries(Object.entries(req.params).filter(([key]) => !inQuery.has(key))) };
}

/**
 * Only under its fault switch: PUT and DELETE on `/{page_id}/photos` are unsupported (R2), so no route claims
 * them; the faulty DELETE removes the Page's uploads.
 */
function acceptOnEdge(req: RefRequest, ctx: RefContext): RefResponse {
  requireToken(req);
  if (req.method === 'DELETE') {
    const state = ctx.state.get(photosSlice);
    for (const [id, photo] of state.photos) if (photo.type === 'uploaded') state.photos.delete(id);
  }
  return { status: 200, body: { success: true } };
}

const isPageUnderEdgeFault = (params: Record<string, string>, ctx: RefContext): boolean =>
  ctx.faults.has('photos-edge-put-delete-accepted') && isPage(params, ctx);

/** The image a published photo's post shows (its `full_picture`): no token, like a CDN link. */
function photoFile(req: RefRequest, ctx: RefContext): RefResponse {
  const photo = ctx.state.get(photosSlice).photos.get(req.pathParams['photo_id'] ?? '');
  if (!photo?.image || !photo.published) throw new GraphError(100, 'Object does not exist.', 'GraphMethodException');
  return { status: 200, file: photo.image };
}

/** GET `/{photo_id}`: the Photo node shows only its id (NS-01). */
function readPhoto(req: RefRequest): RefResponse {
  requireToken(req);
  return { status: 200, body: { id: req.pathParams['photo_id'] } };
}

/** Only under its fault switch: photo update and delete are unsupported (R2), so no route claims them. */
function acceptUnsupported(req: RefRequest): RefResponse {
  requireToken(req);
  return { status: 200, body: { success: true } };
}

const isPhotoUnderWriteFault = (params: Record<string, string>, ctx: RefContext): boolean =>
  ctx.faults.has('photos-update-delete-accepted') &&
  ctx.state.get(photosSlice).photos.has(params['photo_id'] ?? '');

/** `/{page_id}/photos` (GET lists by type, POST uploads) and `/{photo_id}`; the clock runs the retention. */
export const PHOTOS_GROUP: EndpointGroup = {
  name: 'photos',
  routes: [
    { method: 'GET', pattern: '/:page_id/photos', accepts: isPage, handler: listPagePhotos },
    { method: 'POST', pattern: '/:page_id/photos', accepts: isPage, handler: createPhoto },
    { method: 'GET', pattern: `${PHOTO_FILES}/:photo_id`, handler: photoFile, exemptFromVersionHistory: true, media: true },
    { method: 'PUT', pattern: '/:page_id/photos', accepts: isPageUnderEdgeFault, handler: acceptOnEdge },
    { method: 'DELETE', pattern: '/:page_id/photos', accepts: isPageUnderEdgeFault, handler: acceptOnEdge },
    {
      method: 'GET',
      pattern: '/:photo_id',
      accepts: (params, ctx) =>
        !ctx.faults.has('reads-unstated-refused') && ctx.state.get(photosSlice).photos.has(params['photo_id'] ?? ''),
      handler: readPhoto,
    },
    { method: 'POST', pattern: '/:photo_id', accepts: isPhotoUnderWriteFault, handler: acceptUnsupported },
    { method: 'DELETE', pattern: '/:photo_id', accepts: isPhotoUnderWriteFault, handler: acceptUnsupported },
  ],
  onAdvance: runPhotoClock,
};
