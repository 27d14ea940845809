import type { EndpointGroup, RefContext } from '../types.js';
import {
  createOf,
  deleteCaptions,
  deleteObject,
  listOf,
  readEdge,
  readObject,
  updateObject,
  writeEdge,
} from './videos/video-routes.js';
import { type MediaObject, videosSlice } from './videos/video-state.js';

type Params = Record<string, string>;
type Kind = MediaObject['kind'];

/** Which kinds of parent have which listing edge (the spec's two tables). */
const PARENTS: Record<string, { read: string[]; create: string[] }> = {
  videos: { read: ['page_id', 'group_id', 'user_id'], create: ['page_id', 'group_id'] },
  live_videos: {
    read: ['event_id', 'group_id', 'page_id', 'user_id'],
    create: ['event_id', 'group_id', 'page_id', 'user_id'],
  },
};

/** Readable and writable edges per kind; `comments` is served by the comments group. */
const READ_EDGES: Partial<Record<Kind, string[]>> = {
  video: [
    'captions',
    'crosspost_shared_pages',
    'likes',
    'poll_settings',
    'polls',
    'shared_posts',
    'sponsor_tags',
    'tags',
    'thumbnails',
    'video_insights',
  ],
  live_video: ['crosspost_shared_pages', 'likes', 'polls', 'reactions'],
};
const WRITE_EDGES: Partial<Record<Kind, string[]>> = {
  video: ['captions', 'polls', 'thumbnails'],
  live_video: ['input_streams', 'polls'],
};

const parentAccepts =
  (edge: string, mode: 'read' | 'create') =>
  (params: Params, ctx: RefContext): boolean => {
    if (mode === 'create' && ctx.faults.has('videos-create-unsupported')) return false;
    const owner = params['owner_id'];
    const onPage = owner === ctx.profile.fixtures['page_id'];
    if (mode === 'read' && !onPage && ctx.faults.has('videos-parent-listing-missing')) return false;
    if (owner === 'me') return true;
    return (PARENTS[edge]?.[mode] ?? []).some((key) => ctx.profile.fixtures[key] === owner);
  };

function kindOf(params: Params, ctx: RefContext): Kind | undefined {
  const object = ctx.state.get(videosSlice).objects.get(params['media_id'] ?? '');
  if (!object || object.deleted) return undefined;
  if (object.kind === 'poll' && ctx.faults.has('videos-poll-missing')) return undefined;
  return object.kind;
}

const isKind =
  (...kinds: Kind[]) =>
  (params: Params, ctx: RefContext): boolean => {
    const kind = kindOf(params, ctx);
    return kind !== undefined && kinds.includes(kind);
  };

function hasReadEdge(params: Params, ctx: RefContext): boolean {
  const kind = kindOf(params, ctx);
  const edge = params['edge'] ?? '';
  if (kind === undefined || !READ_EDGES[kind]?.includes(edge)) return false;
  if (edge === 'video_insights' && ctx.faults.has('videos-edge-missing')) return false;
  return !(edge === 'reactions' && ctx.faults.has('videos-live-edge-missing'));
}

function hasWriteEdge(params: Params, ctx: RefContext): boolean {
  const kind = kindOf(params, ctx);
  return kind !== undefined && (WRITE_EDGES[kind]?.includes(params['edge'] ?? '') ?? false);
}

/** Video, live video, poll and input stream endpoints; bodies are free-form (NS-15), errors are not. */
export const VIDEOS_GROUP: EndpointGroup = {
  name: 'videos',
  routes: [
    {
      method: 'GET',
      pattern: '/:owner_id/videos',
      accepts: parentAccepts('videos', 'read'),
      handler: listOf('video'),
    },
    {
      method: 'POST',
      pattern: '/:owner_id/videos',
      accepts: parentAccepts('videos', 'create'),
      handler: createOf('video'),
    },
    {
      method: 'GET',
      pattern: '/:owner_id/live_videos',
      accepts: parentAccepts('live_videos', 'read'),
      handler: listOf('live_video'),
    },
    {
      method: 'POST',
      pattern: '/:owner_id/live_videos',
      accepts: parentAccepts('live_videos', 'create'),
      handler: createOf('live_video'),
    },
    {
      method: 'GET',
      pattern: '/:media_id',
      accepts: isKind('video', 'live_video', 'poll', 'input_stream'),
      handler: readObject,
    },
    {
      method: 'POST',
      pattern: '/:media_id',
      accepts: isKind('video', 'live_video', 'poll'),
      handler: updateObject,
    },
    {
      method: 'DELETE',
      pattern: '/:media_id',
      accepts: isKind('video', 'live_video'),
      handler: deleteObject,
    },
    { method: 'GET', pattern: '/:media_id/:edge', accepts: hasReadEdge, handler: readEdge },
    { method: 'POST', pattern: '/:media_id/:edge', accepts: hasWriteEdge, handler: writeEdge },
    { method: 'DELETE', pattern: '/:media_id/captions', accepts: isKind('video'), handler: deleteCaptions },
  ],
};
