import { formatGraphTime } from '../../clock.js';
import { readString } from '../../params.js';
import { requireToken } from '../../tokens.js';
import type { RefContext, RefRequest, RefResponse } from '../../types.js';
import { paginate } from '../paging.js';
import { addMedia, type MediaObject, mediaOf, videosSlice } from './video-state.js';

/** Payloads here are not shown by the spec (NS-15): lists are `{data: [...]}`, objects carry their `id`. */
export function renderMedia(object: MediaObject): Record<string, unknown> {
  const body: Record<string, unknown> = { id: object.id, created_time: formatGraphTime(object.createdTime) };
  if (object.title !== undefined) body[object.kind === 'poll' ? 'question' : 'title'] = object.title;
  if (object.description !== undefined) body['description'] = object.description;
  if (object.kind === 'live_video') body['status'] = 'SCHEDULED_UNPUBLISHED';
  return body;
}

/** `me` is the token's Page (or the fixture Page for other tokens); other parents are taken as sent. */
function ownerOf(req: RefRequest, ctx: RefContext): string {
  const id = req.pathParams['owner_id'] ?? '';
  if (id !== 'me') return id;
  return req.token?.pageId ?? ctx.profile.fixtures['page_id'] ?? id;
}

function objectOf(req: RefRequest, ctx: RefContext): MediaObject {
  const object = ctx.state.get(videosSlice).objects.get(req.pathParams['media_id'] ?? '');
  if (!object) throw new Error('route accepted a media id that does not exist');
  return object;
}

/** GET `/{parent}/videos` and `/{parent}/live_videos`. */
export const listOf =
  (kind: 'video' | 'live_video') =>
  (req: RefRequest, ctx: RefContext): RefResponse => {
    requireToken(req);
    const objects = mediaOf(ctx.state.get(videosSlice), kind, ownerOf(req, ctx));
    const page = paginate(objects, (object) => object.id, req, ctx);
    return { status: 200, body: { data: page.data.map(renderMedia), paging: page.paging } };
  };

/** POST `/{parent}/videos` and `/{parent}/live_videos`: `{id}` of the new object. */
export const createOf =
  (kind: 'video' | 'live_video') =>
  (req: RefRequest, ctx: RefContext): RefResponse => {
    requireToken(req);
    const title = readString(req.params, 'title') ?? readString(req.params, 'name');
    const object = addMedia(ctx.state.get(videosSlice), kind, ownerOf(req, ctx), ctx.clock.now(), title);
    return { status: 200, body: { id: object.id } };
  };

export function readObject(req: RefRequest, ctx: RefContext): RefResponse {
  requireToken(req);
  return { status: 200, body: renderMedia(objectOf(req, ctx)) };
}

/** POST `/{video_id}`, `/{live_video_id}`, `/{video_poll_id}`: updates title and description. */
export function updateObject(req: RefRequest, ctx: RefContext): RefResponse {
  requireToken(req);
  const object = objectOf(req, ctx);
  const title = readString(req.params, object.kind === 'poll' ? 'question' : 'title');
  const description = readString(req.params, 'description');
  if (title !== undefined) object.title = title;
  if (description !== undefined) object.description = description;
  return { status: 200, body: { success: true } };
}

/** DELETE `/{video_id}`, `/{live_video_id}`: a following GET is an error (R27). */
export function deleteObject(req: RefRequest, ctx: RefContext): RefResponse {
  requireToken(req);
  const object = objectOf(req, ctx);
  const ignored =
    object.kind === 'video'
      ? ctx.faults.has('videos-delete-ignored')
      : ctx.faults.has('videos-live-delete-ignored');
  if (!ignored) object.deleted = true;
  return { status: 200, body: { success: true } };
}

/** GET `/{id}/{edge}`: polls list the object's polls; the other edges are empty lists. */
export function readEdge(req: RefRequest, ctx: RefContext): RefResponse {
  requireToken(req);
  const object = objectOf(req, ctx);
  const polls =
    req.pathParams['edge'] === 'polls' ? mediaOf(ctx.state.get(videosSlice), 'poll', object.id) : [];
  const page = paginate(polls, (poll) => poll.id, req, ctx);
  return { status: 200, body: { data: page.data.map(renderMedia), paging: page.paging } };
}

/** POST `/{id}/polls` and `/{live_video_id}/input_streams` create objects; captions, thumbnails succeed. */
export function writeEdge(req: RefRequest, ctx: RefContext): RefResponse {
  requireToken(req);
  const object = objectOf(req, ctx);
  const edge = req.pathParams['edge'];
  if (edge !== 'polls' && edge !== 'input_streams') return { status: 200, body: { success: true } };
  const kind = edge === 'polls' ? 'poll' : 'input_stream';
  const title = readString(req.params, 'question');
  const created = addMedia(ctx.state.get(videosSlice), kind, object.id, ctx.clock.now(), title);
  return { status: 200, body: { id: created.id } };
}

/** DELETE `/{video_id}/captions`. */
export function deleteCaptions(req: RefRequest): RefResponse {
  requireToken(req);
  return { status: 200, body: { success: true } };
}
