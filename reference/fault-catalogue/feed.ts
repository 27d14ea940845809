import { faultsOf } from './faults-of.js';

/** Deliberate bugs of `/{page_id}/feed`; each makes at least one conformance rule fail. */
export const FEED_FAULTS = faultsOf('feed', {
  'feed-limit-not-capped':
    'GET accepts `limit` above 100 (pages of up to `limit` posts) instead of an error naming 100.',
  'feed-limit-ignored': 'GET ignores `limit`: every page holds 25 posts.',
  'feed-paging-repeats': 'Following `after` (and so `paging.next`) starts at the last post of the previous page again.',
  'feed-paging-next-missing-next-to-last':
    "GET answers no `paging.next` on the next-to-last page: a walk ends a page early, though that page's `cursors.after` still gives the last page.",
  'feed-paging-skips': 'Following `after` (and so `paging.next`) skips the first post of the next page.',
  'feed-list-shape': 'GET answers `paging` without `cursors`.',
  'feed-unpublished-hidden': 'GET lists only published posts (breaks R3).',
  'feed-fields-ignored':
    '`fields` is ignored: GET returns id, message, created_time; read-after-write returns only id.',
  'feed-created-time-wrong-shape':
    '`created_time` reads `2026-01-01 00:00:00` (neither a number nor `YYYY-MM-DDThh:mm:ss+0000`).',
  'feed-targeting-age-min-13-only': '`targeting.age_min` other than 13 (15, 18, 21, 25) is refused.',
  'feed-call-to-action-restricted': 'Every `call_to_action.type` but BOOK_TRAVEL is refused.',
  'feed-is-published-wrong': 'Unpublished posts read `is_published: true`.',
  'feed-message-non-ascii-lost':
    'A post `message` is kept with every character outside Latin-1 (Cyrillic, CJK, emoji) turned into `?`.',
  'feed-message-link-optional': 'POST with neither `link` nor `message` is accepted.',
  'feed-schedule-window-too-narrow':
    '`scheduled_publish_time` is accepted only 30 min to 60 days ahead (20 min and 70 days refused).',
  'feed-schedule-window-too-wide':
    '`scheduled_publish_time` is accepted 1 min to 90 days ahead (5 min and 80 days accepted).',
  'feed-schedule-never-live': 'Scheduled posts stay unpublished after their time.',
  'feed-scheduled-listed-twice': 'A scheduled post, once its time has come, is listed twice in the Page feed.',
  'feed-child-attachments-max-5-always':
    'More than 5 `child_attachments` are refused even when `multi_share_optimized` is omitted or true.',
  'feed-child-attachments-min-1': 'A single child attachment is accepted.',
  'feed-child-attachments-unbounded':
    'Any number of `child_attachments` is accepted (11 with optimized, 6 with optimized false).',
  'feed-child-attachment-fields-optional':
    'A child attachment without `link`, or without both `picture` and `image_hash`, is accepted.',
  'feed-published-false-actions-accepted': '`published=false` with `actions` is accepted.',
  'feed-tags-without-place-accepted': '`tags` without `place` is accepted.',
  'feed-unreachable-link-accepted': '`link` is never fetched: unreachable links are accepted.',
  'feed-age-max-over-65-accepted': '`feed_targeting.age_max` above 65 is accepted.',
  'feed-age-min-under-13-accepted': '`feed_targeting.age_min` of 1..12 is accepted.',
  'feed-targeting-age-min-any': '`targeting.age_min` outside 13, 15, 18, 21, 25 (e.g. 14 or 30) is accepted.',
  'feed-missing-permission-accepted':
    'No code 200: a Page token lacking `pages_manage_posts` may post, a token without Page access may read.',
  'feed-wrong-error-code': 'Invalid feed parameters give code 1 instead of 100.',
  'feed-post-query-params-ignored':
    'POST reads its parameters from the body only: those sent in the query string are ignored.',
  'feed-post-response-shape': 'POST answers `{post_id}` instead of `{id}`.',
  'feed-from-not-page': 'A post reads `from` as the app (`id` the app id), not the Page it was published on.',
  'feed-mention-refused': 'A `message` that mentions a Page as `@[<page_id>]` is refused.',
  'feed-thumbnail-refused': 'A post carrying a multipart `thumbnail` file is refused.',
  'feed-link-preview-refused': 'A link post with `name`, `description` or `picture` is refused.',
  'feed-actions-refused': 'Any `actions` are refused, well-formed `{link, name}` objects included.',
  'feed-actions-unchecked': 'Malformed `actions` (no `link`, a numeric `link`, not a list) are accepted.',
  'feed-granularity-minute-refused': '`backdated_time_granularity=minute` (a listed value) is refused.',
  'feed-granularity-unchecked': '`backdated_time_granularity` outside year, month, day, hour, minute is accepted.',
  'feed-targeting-lists-unchecked':
    '`feed_targeting` `genders`, `education_statuses`, `relationship_statuses` outside their values and a non-integer `college_years` or `locales` are accepted.',
  'feed-targeting-not-stored': '`feed_targeting` written on a post is not read back.',
  'feed-targeting-age-min-default-13': '`feed_targeting.age_min` reads 13 on a post whose targeting did not set it.',
  'feed-targeting-genders-as-names': '`feed_targeting.genders` reads `male`/`female` instead of 1/2.',
  'feed-targeting-countries-lower-case':
    '`feed_targeting.countries` reads lower-case codes (`us`), not ISO 3166 codes.',
  'feed-targeting-countries-capped-at-10':
    '`feed_targeting.countries` reads only the first 10 of the countries written (up to 25 are stated).',
  'feed-tagged-lists-own-posts':
    "`GET /{page_id}/tagged` lists the Page's own published posts, which tag nothing, not only posts that tag the Page.",
  'feed-targeting-countries-over-25-kept':
    'A post written with more than 25 `feed_targeting` countries is accepted and reads them all back (up to 25 are stated).',
  'feed-multi-share-end-card-unchecked': '`multi_share_end_card` that is not a Boolean is accepted instead of code 100.',
  'feed-backdated-time-on-regular':
    '`backdated_time` of a regular (not backdated) post reads its creation time, not null.',
  'feed-created-time-off-by-a-day': '`created_time` reads a day before the post was created.',
  'feed-misspelled-field-refused': '`fields` naming `sheduled_publish_time` (the spelling the spec gives) is refused.',
  'feed-unpublished-link-dropped':
    'An unpublished link post reads without its link (`status_type` and `attachments` of a text post).',
  'feed-attached-media-one-only': 'A multi-photo post with more than one `attached_media` photo is refused.',
  'feed-wrong-types-accepted':
    'Wrong-typed `published`, `scheduled_publish_time`, `backdated_time`, `actions`, `child_attachments` or `feed_targeting` are ignored instead of refused.',
  'feed-full-picture-not-resized':
    '`full_picture` of a post whose picture is 1440 x 960 px is the picture itself, not resized to 720 px.',
  'feed-targeting-college-years-refused':
    '`feed_targeting.college_years` given as a list of integers (its stated type) is refused.',
});
