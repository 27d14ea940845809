import { invalidParam } from '../../graph-error.js';
import { readBool, readList, readObject, readString, readStringList } from '../../params.js';
import type { FaultSet, RefContext, RefRequest } from '../../types.js';
import { pageIdOf } from '../photos/page-id.js';
import { requireAttachablePhotos } from '../photos/photo-lifecycle.js';
import { checkActions, checkAttachedMedia, checkChildAttachments } from './attachment-rules.js';
import { pictureSize } from './full-picture.js';
import { isLinkReachable } from './link-check.js';
import type { Post } from './post.js';
import { checkSchedule, parseScheduledTime } from './schedule-rules.js';
import { checkFeedTargeting, checkTargeting } from './targeting-rules.js';

export type PostInput = Omit<Post, 'id' | 'pageId'>;
type Params = Record<string, unknown>;

/**
 * Validates a feed POST completely before anything is stored (R2). The link is fetched last, so a request
 * with bad parameters never causes traffic. `attached_media` photos are taken out of retention by the post
 * itself (reference/endpoints/photos/photo-lifecycle.ts reads attachment from the feed).
 */
export async function readPostInput(req: RefRequest, ctx: RefContext): Promise<PostInput> {
  const { faults } = ctx;
  const params = faults.has('feed-wrong-types-accepted') ? withoutUnparsable(req.params) : req.params;
  const now = ctx.clock.now();
  checkThumbnail(req, faults);
  const input: PostInput = {
    ...readContent(params, faults),
    ...readPublishing(params, faults, now),
    ...readAudience(params, faults),
    createdTime: now,
    updatedTime: now,
    viaApi: true,
  };
  const media = input.attachedMedia;
  const photos = () => media && requireAttachablePhotos(ctx, pageIdOf(req), media);
  photos();
  const { link } = input;
  if (link && !faults.has('feed-unreachable-link-accepted')) {
    if (!(await isLinkReachable(link))) {
      throw invalidParam(`The link ${link} could not be reached, so it cannot be attached.`);
    }
    // Another post may have taken one of the photos while the link was fetched.
    photos();
  }
  if (input.picture !== undefined) {
    const size = await pictureSize(input.picture);
    if (size) input.pictureSize = size;
  }
  return input;
}

/** What the post says and shows: message or link (one is required), previews, attachments, action links. */
function readContent(params: Params, faults: FaultSet) {
  const message = readString(params, 'message');
  const link = readString(params, 'link');
  if (!message && !link && !faults.has('feed-message-link-optional')) {
    throw invalidParam('Either link or message must be supplied.');
  }
  if (message !== undefined && faults.has('feed-mention-refused') && /@\[\d+\]/.test(message)) {
    throw invalidParam('message cannot mention Pages.');
  }
  const previews = ['name', 'description', 'picture'].filter((key) => params[key] !== undefined);
  if (previews.length > 0 && faults.has('feed-link-preview-refused')) {
    throw invalidParam(`${previews.join(', ')} cannot be set on this post.`);
  }
  const optimized = readBool(params, 'multi_share_optimized') ?? true;
  // Only its type is checked: whether the carousel shows its end card is nothing a read shows.
  if (!faults.has('feed-multi-share-end-card-unchecked')) readBool(params, 'multi_share_end_card');
  return {
    // Under its fault the text is kept as a Latin-1-only store would keep it: every other character a `?`.
    message: faults.has('feed-message-non-ascii-lost') ? message?.replace(/[^\u0000-\u00ff]/gu, '?') : message,
    link,
    name: readString(params, 'name'),
    description: readString(params, 'description'),
    picture: readString(params, 'picture'),
    actions: optionalList(params, 'actions', (items) => checkActions(items, faults)),
    childAttachments: optionalList(params, 'child_attachments', (items) =>
      checkChildAttachments(items, optimized, faults),
    ),
    // Shape only here; readPostInput checks that each id is an attachable photo (R13).
    attachedMedia: optionalList(params, 'attached_media', (items) => checkAttachedMedia(items, faults)),
    callToAction: optionalObject(params, 'call_to_action', (value) => checkCallToAction(value, faults)),
    ogActionTypeId: readString(params, 'og_action_type_id'),
    ogObjectId: readString(params, 'og_object_id'),
  };
}

/** `published`, `scheduled_publish_time` (10 min..75 days ahead) and `backdated_time`. */
function readPublishing(params: Params, faults: FaultSet, now: number) {
  const published = readBool(params, 'published') ?? true;
  if (!published && params['actions'] !== undefined && !faults.has('feed-published-false-actions-accepted')) {
    throw invalidParam('published=false is not supported when actions are specified.');
  }
  const raw = params['scheduled_publish_time'];
  const scheduled =
    raw === undefined || raw === '' ? undefined : checkSchedule(parseScheduledTime(raw), now, faults);
  // A scheduled post is unpublished until its time, whatever `published` said.
  checkGranularity(params, faults);
  return {
    published: published && scheduled === undefined,
    scheduledPublishTime: scheduled,
    backdatedTime: backdated(params),
  };
}

/** Targeting, place and tags (`tags` needs `place`). */
function readAudience(params: Params, faults: FaultSet) {
  const place = readString(params, 'place');
  const tags = readStringList(params, 'tags');
  if (tags?.length && !place && !faults.has('feed-tags-without-place-accepted')) {
    throw invalidParam('tags cannot be given without place.');
  }
  return {
    place,
    tags,
    feedTargeting: optionalObject(params, 'feed_targeting', (v) => checkPostCountries(checkFeedTargeting(v, faults), faults)),
    targeting: optionalObject(params, 'targeting', (v) => checkTargeting(v, faults)),
  };
}

/**
 * A post's `feed_targeting` reads its countries (Limits: "Countries in post feed targeting | up to 25 | post read
 * field"), so a post written with more than 25 in `geo_locations.countries` is refused rather than read back over
 * the limit.
 */
function checkPostCountries(targeting: Params, faults: FaultSet): Params {
  const geo = targeting['geo_locations'];
  const countries = typeof geo === 'object' && geo !== null ? (geo as Params)['countries'] : undefined;
  if (Array.isArray(countries) && countries.length > 25 && !faults.has('feed-targeting-countries-over-25-kept')) {
    throw invalidParam('feed_targeting.geo_locations.countries holds up to 25 countries.');
  }
  return targeting;
}

function optionalList<T>(params: Params, name: string, check: (items: unknown[]) => T): T | undefined {
  const items = readList(params, name);
  return items === undefined ? undefined : check(items);
}

function optionalObject<T>(params: Params, name: string, check: (value: Params) => T): T | undefined {
  const value = readObject(params, name);
  return value === undefined ? undefined : check(value);
}

/** Listed `type` values are accepted; other values and sub-fields are not refused (NS-11, R15). */
function checkCallToAction(value: Params, faults: FaultSet): Params {
  if (value['type'] !== undefined && typeof value['type'] !== 'string') {
    throw invalidParam('call_to_action.type must be a string.');
  }
  if (faults.has('feed-call-to-action-restricted') && value['type'] !== 'BOOK_TRAVEL') {
    throw invalidParam('call_to_action.type is not available for this post.');
  }
  return value;
}

function backdated(params: Params): number | undefined {
  const value = params['backdated_time'];
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number === 'number' && Number.isFinite(number)) return number;
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isNaN(parsed)) return parsed / 1000;
  throw invalidParam('backdated_time must be a time.');
}

const GRANULARITIES = ['year', 'month', 'day', 'hour', 'minute'];

/** `backdated_time_granularity` is one of its enum's values (R1; the photo spellings `min`, `none` are not, R16). */
function checkGranularity(params: Params, faults: FaultSet): void {
  const value = params['backdated_time_granularity'];
  if (value === undefined || faults.has('feed-granularity-unchecked')) return;
  const allowed = faults.has('feed-granularity-minute-refused') ? GRANULARITIES.slice(0, 4) : GRANULARITIES;
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw invalidParam(`backdated_time_granularity must be one of ${GRANULARITIES.join(', ')}.`);
  }
}

/** `thumbnail` is a file part; the `feed-thumbnail-refused` fault refuses a post that carries one. */
function checkThumbnail(req: RefRequest, faults: FaultSet): void {
  if (faults.has('feed-thumbnail-refused') && req.files.some((file) => file.field === 'thumbnail')) {
    throw invalidParam('thumbnail could not be read.');
  }
}

const TYPED: Array<[string, (params: Params) => unknown]> = [
  ['published', (p) => readBool(p, 'published')],
  ['scheduled_publish_time', (p) => p['scheduled_publish_time'] === undefined || parseScheduledTime(p['scheduled_publish_time'])],
  ['backdated_time', (p) => backdated(p)],
  ['actions', (p) => readList(p, 'actions')],
  ['child_attachments', (p) => readList(p, 'child_attachments')],
  ['feed_targeting', (p) => readObject(p, 'feed_targeting')],
];

/** The `feed-wrong-types-accepted` fault: parameters whose value has the wrong type are dropped, not refused. */
function withoutUnparsable(params: Params): Params {
  const kept = { ...params };
  for (const [name, read] of TYPED) {
    try {
      read(kept);
    } catch {
      delete kept[name];
    }
  }
  return kept;
}
