import { CLOCK_START } from '../../clock.js';
import { FIXTURES } from '../../fixtures.js';
import { defineSlice } from '../../state-store.js';
import type { UnixSeconds } from '../../types.js';

/** A video, live video, poll or input stream: the spec shows no fields (NS-06), so few are kept. */
export interface MediaObject {
  id: string;
  kind: 'video' | 'live_video' | 'poll' | 'input_stream';
  /** The Page, group, event or user it belongs to; for polls and streams the (live) video. */
  ownerId: string;
  createdTime: UnixSeconds;
  title?: string;
  description?: string;
  deleted: boolean;
}

export interface VideoState {
  objects: Map<string, MediaObject>;
  next: Record<MediaObject['kind'], number>;
}

/** Id ranges: the fixture ids start each one, so created objects never collide with other groups' ids. */
const FIRST: Record<MediaObject['kind'], number> = {
  video: Number(FIXTURES.video_id),
  live_video: Number(FIXTURES.live_video_id),
  poll: 6_100_001,
  input_stream: 6_200_001,
};

const SEEDS: Array<[MediaObject['kind'], string, string]> = [
  ['video', FIXTURES.page_id, 'Reference Page video'],
  ['video', FIXTURES.group_id, 'Group video'],
  ['video', FIXTURES.user_id, 'User video'],
  ['live_video', FIXTURES.page_id, 'Reference Page live video'],
  ['live_video', FIXTURES.event_id, 'Event live video'],
  ['poll', FIXTURES.live_video_id, 'Which song next?'],
  ['input_stream', FIXTURES.live_video_id, 'Main camera'],
];

/** The fixture video and live video (first of their kinds), one per other parent, a poll, a stream. */
export const videosSlice = defineSlice<VideoState>('videos', () => {
  const state: VideoState = { objects: new Map(), next: { ...FIRST } };
  for (const [kind, ownerId, title] of SEEDS) addMedia(state, kind, ownerId, CLOCK_START - 86_400, title);
  return state;
});

export function addMedia(
  state: VideoState,
  kind: MediaObject['kind'],
  ownerId: string,
  time: UnixSeconds,
  title?: string,
): MediaObject {
  const object: MediaObject = {
    id: String(state.next[kind]),
    kind,
    ownerId,
    createdTime: time,
    deleted: false,
  };
  if (title !== undefined) object.title = title;
  state.next[kind] += 1;
  state.objects.set(object.id, object);
  return object;
}

/** The live (not deleted) object of `kind` with this id. */
export function findMedia(state: VideoState, kind: MediaObject['kind'], id: string): MediaObject | undefined {
  const object = state.objects.get(id);
  return object && !object.deleted && object.kind === kind ? object : undefined;
}

/** Newest first. */
export function mediaOf(state: VideoState, kind: MediaObject['kind'], ownerId: string): MediaObject[] {
  return [...state.objects.values()]
    .filter((object) => object.kind === kind && object.ownerId === ownerId && !object.deleted)
    .reverse();
}
