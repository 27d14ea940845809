import { formatGraphTime } from '../../clock.js';
import type { RefContext } from '../../types.js';
import { parseFieldSpecs } from '../../http/fields-param.js';
import { FULL_PICTURE_MAX_SIDE } from './full-picture.js';
import type { Post } from './post.js';

type Render = (post: Post, ctx: RefContext) => unknown;

const PAGE_NAME = 'Reference Page';

const optional =
  <K extends keyof Post>(key: K): Render =>
  (post) =>
    post[key];

const wrapList = (items: unknown[] | undefined): unknown =>
  items === undefined ? undefined : { data: items.map((item) => ({ ...(item as object) })) };

/** Read fields of a Page post. Types follow the spec's table where it states one (objects stay objects). */
const RENDERERS: Record<string, Render> = {
  id: (post) => post.id,
  message: optional('message'),
  link: optional('link'),
  name: optional('name'),
  description: optional('description'),
  picture: optional('picture'),
  full_picture: (post, ctx) => {
    const size = post.pictureSize;
    const resized = size && Math.max(size.width, size.height) > FULL_PICTURE_MAX_SIDE;
    return resized && !ctx.faults.has('feed-full-picture-not-resized')
      ? `${ctx.mediaUrl}/feed-pictures/${post.id}`
      : post.picture;
  },
  story: optional('story'),
  created_time: (post, ctx) => {
    const time = post.createdTime - (ctx.faults.has('feed-created-time-off-by-a-day') ? 86_400 : 0);
    return ctx.faults.has('feed-created-time-wrong-shape')
      ? formatGraphTime(time).replace('T', ' ').replace('+0000', '')
      : formatGraphTime(time);
  },
  updated_time: (post) => formatGraphTime(post.updatedTime),
  is_published: (post, ctx) => post.published || ctx.faults.has('feed-is-published-wrong'),
  sheduled_publish_time: optional('scheduledPublishTime'),
  scheduled_publish_time: optional('scheduledPublishTime'),
  backdated_time: (post, ctx) =>
    post.backdatedTime ?? (ctx.faults.has('feed-backdated-time-on-regular') ? post.createdTime : null),
  permalink_url: (post, ctx) => `${ctx.baseUrl}/permalink/${post.id}`,
  status_type: statusType,
  from: (post, ctx) =>
    ctx.faults.has('feed-from-not-page')
      ? { name: 'Reference App', id: ctx.profile.app.id }
      : { name: PAGE_NAME, id: post.pageId },
  feed_targeting: readTargeting,
  targeting: optional('targeting'),
  child_attachments: (post) => wrapList(post.childAttachments),
  actions: (post) => wrapList(post.actions),
  call_to_action: (post) => post.callToAction,
  place: (post) => (post.place === undefined ? undefined : { id: post.place, name: `Place ${post.place}` }),
  privacy: () => ({ value: 'EVERYONE', description: 'Public', allow: '', deny: '' }),
  message_tags: messageTags,
  attachments: attachments,
  application: (post, ctx) => (post.viaApi ? { id: ctx.profile.app.id, name: 'Reference App' } : undefined),
  icon: (post, ctx) => `${ctx.baseUrl}/static/icons/${statusType(post)}.png`,
  imgnet_eligibility: () => 'eligible',
  is_imgnet_eligible: () => true,
  is_eligible_for_promotion: (post) => post.published,
  is_expired: () => false,
  is_hidden: () => false,
  is_popular: () => false,
  is_spherical: () => false,
  can_reply_privately: () => false,
  allowed_advertising_objects: () => 'ENGAGEMENT',
  promotable_id: (post) => post.id,
  subscribed: () => true,
  shares: () => ({ count: 0 }),
  to: () => ({ data: [] }),
};

const GENDER_NAMES: Record<number, string> = { 1: 'male', 2: 'female' };

/**
 * `feed_targeting` as read: what was written, with `countries` taken from `geo_locations.countries` (the read
 * side's ISO codes); `age_min` stays absent when it was not set (R5).
 */
function readTargeting(post: Post, ctx: RefContext): unknown {
  const written = post.feedTargeting;
  const { faults } = ctx;
  if (written === undefined || faults.has('feed-targeting-not-stored')) return undefined;
  const read: Record<string, unknown> = { ...written };
  const geo = written['geo_locations'];
  const countries = typeof geo === 'object' && geo !== null ? (geo as Record<string, unknown>)['countries'] : undefined;
  if (Array.isArray(countries)) {
    const kept = faults.has('feed-targeting-countries-capped-at-10') ? countries.slice(0, 10) : countries;
    read['countries'] = faults.has('feed-targeting-countries-lower-case')
      ? kept.map((c) => String(c).toLowerCase())
      : kept;
  }
  if (read['age_min'] === undefined && faults.has('feed-targeting-age-min-default-13')) read['age_min'] = 13;
  if (Array.isArray(read['genders']) && faults.has('feed-targeting-genders-as-names')) {
    read['genders'] = (read['genders'] as number[]).map((g) => GENDER_NAMES[g] ?? g);
  }
  return read;
}

function statusType(post: Post): string {
  if (post.attachedMedia?.length) return 'added_photos';
  return post.link === undefined ? 'mobile_status_update' : 'shared_story';
}

function messageTags(post: Post): unknown {
  const tags = [...(post.message ?? '').matchAll(/@\[(\d+)\]/g)].map((m) => ({
    id: m[1],
    name: m[1] === post.pageId ? PAGE_NAME : `Page ${m[1]}`,
    type: 'page',
    offset: m.index,
    length: m[0].length,
  }));
  return tags.length > 0 ? tags : undefined;
}

function attachments(post: Post): unknown {
  if (post.attachedMedia?.length) {
    return { data: post.attachedMedia.map((id) => ({ type: 'photo', target: { id } })) };
  }
  if (post.link === undefined) return undefined;
  return { data: [{ type: 'share', url: post.link, title: post.name ?? post.link }] };
}

export const DEFAULT_FIELDS = ['id', 'message', 'created_time'];

/**
 * The requested top-level field names: `a,b{c},d.limit(2)` -> a, b, d. Modifiers and sub-selections are
 * accepted and not applied; unknown names are left out of the result rather than refused.
 */
export function parseFields(spec: string | undefined): string[] {
  if (spec === undefined || spec.trim() === '') return DEFAULT_FIELDS;
  const names = parseFieldSpecs(spec).map(({ name }) => name);
  return names.includes('id') ? names : ['id', ...names];
}

/** The post as the read result shows it: `id` always, each requested field that has a value. */
export function renderPost(stored: Post, fields: string[], ctx: RefContext): Record<string, unknown> {
  const post =
    !stored.published && ctx.faults.has('feed-unpublished-link-dropped') ? { ...stored, link: undefined } : stored;
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const value = RENDERERS[field]?.(post, ctx);
    if (value !== undefined) result[field] = value;
  }
  return result;
}
