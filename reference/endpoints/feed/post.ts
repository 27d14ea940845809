import type { UnixSeconds } from '../../types.js';
import type { PictureSize } from './full-picture.js';

/** A Page post as the reference keeps it; `fields.ts` renders the interface's read fields from it. */
export interface Post {
  id: string;
  pageId: string;
  message?: string;
  link?: string;
  name?: string;
  description?: string;
  picture?: string;
  /** The size of `picture` when it is a PNG the reference could fetch (full_picture.ts). */
  pictureSize?: PictureSize;
  createdTime: UnixSeconds;
  updatedTime: UnixSeconds;
  published: boolean;
  /** Set for scheduled posts; they go live when the clock reaches it. */
  scheduledPublishTime?: UnixSeconds;
  backdatedTime?: number;
  actions?: Array<{ name: string; link: string }>;
  childAttachments?: Array<Record<string, unknown>>;
  feedTargeting?: Record<string, unknown>;
  targeting?: Record<string, unknown>;
  callToAction?: Record<string, unknown>;
  place?: string;
  tags?: string[];
  attachedMedia?: string[];
  ogActionTypeId?: string;
  ogObjectId?: string;
  /** True for posts made through the interface (shows `application`). */
  viaApi: boolean;
  story?: string;
}
