import { CLOCK_START } from '../../clock.js';
import { FIXTURES } from '../../fixtures.js';
import { buildNumbered, defineSlice } from '../../state-store.js';
import type { PhotoFile } from './photo-file.js';
import type { FaultSet, UnixSeconds } from '../../types.js';

export const PHOTO_TYPES = ['profile', 'tagged', 'uploaded'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface Photo {
  /** Numeric string. */
  id: string;
  pageId: string;
  type: PhotoType;
  published: boolean;
  createdTime: UnixSeconds;
  caption?: string;
  /** The Page post a published upload made. */
  postId?: string;
  /** Set for scheduled uploads: they publish then and are exempt from the unpublished retention. */
  scheduledPublishTime?: UnixSeconds;
  temporary: boolean;
  /** The image its post shows as `full_picture`, served at `/photo-files/{id}`. */
  image?: PhotoFile;
}

export interface PhotoState {
  photos: Map<string, Photo>;
  nextNumber: number;
}

const FIRST_ID = 8_000_001;
const HOUR = 3600;
/** "Kept about 24 hours" (R13 asserts kept at 20 h and gone at 28 h). */
export const RETENTION_SECONDS = 24 * HOUR;

/** The first seeded published upload (after three profile pictures and two tagged photos). */
export const FIRST_UPLOAD_ID = String(FIRST_ID + 5);

const SEEDS: Array<[PhotoType, number]> = [
  ['profile', 3],
  ['tagged', 2],
  ['uploaded', 4],
];

/** The Page's photos: three profile pictures, two tagged photos, four published uploads, a day apart. */
export const photosSlice = defineSlice<PhotoState>('photos', (ctx) => {
  const state: PhotoState = { photos: new Map(), nextNumber: FIRST_ID };
  // Numbers stay where the seeds would leave them, so ids do not depend on the fixture set.
  if (ctx.fixtures === 'empty') return { ...state, nextNumber: FIRST_ID + SEEDS.reduce((n, [, count]) => n + count, 0) };
  let age = 20;
  for (const [type, count] of SEEDS) {
    for (let i = 0; i < count; i += 1) {
      addPhoto(state, (id) => ({
        id,
        type,
        pageId: FIXTURES.page_id,
        published: true,
        createdTime: CLOCK_START - age * 24 * HOUR,
        temporary: false,
      }));
      age -= 1;
    }
  }
  return state;
});

export function addPhoto(state: PhotoState, build: (id: string) => Photo): Photo {
  const photo = buildNumbered(state, build);
  state.photos.set(photo.id, photo);
  return photo;
}

/** Newest first, the order the photos edge lists in. */
export function listPhotos(state: PhotoState, pageId: string, type: PhotoType): Photo[] {
  return [...state.photos.values()]
    .filter((photo) => photo.pageId === pageId && photo.type === type && photo.published)
    .reverse();
}

/** How long an unpublished upload is kept; the retention fault switches move it. */
export function retentionSeconds(faults: FaultSet): number {
  if (faults.has('photos-retention-forever')) return Number.POSITIVE_INFINITY;
  if (faults.has('photos-retention-too-short')) return 6 * HOUR;
  return RETENTION_SECONDS;
}
