import type { FaultCatalogue } from '../webhook-seam.js';

const area = 'photos';

/** Deliberate bugs of `/{page_id}/photos` and of the unpublished-photo life cycle; each breaks a rule. */
export const PHOTOS_FAULTS: FaultCatalogue = {
  'photos-no-file-accepted': {
    area,
    description: 'POST with none of a file, `url` or `vault_image_id` is accepted (breaks R10).',
  },
  'photos-missing-file-wrong-code': {
    area,
    description: 'POST with none of a file, `url` or `vault_image_id` gives code 100 instead of 324.',
  },
  'photos-two-sources-accepted': {
    area,
    description: 'POST with both a file and `url` is accepted (R10, SHOULD).',
  },
  'photos-file-type-unchecked': {
    area,
    description: 'Files of any type (a text file, say) are accepted as photos.',
  },
  'photos-size-limit-ignored': {
    area,
    description: 'Files above 10 MB (10,485,761 bytes and more) are accepted (breaks R9).',
  },
  'photos-size-limit-too-strict': {
    area,
    description: 'Files above 5,000,000 bytes are refused, so a 10,000,000-byte file is refused (breaks R9).',
  },
  'photos-retention-forever': {
    area,
    description: 'Unpublished uploads are never deleted: one can still be attached to a post after 28 h.',
  },
  'photos-retention-too-short': {
    area,
    description: 'Unpublished uploads are deleted after 6 h instead of about 24 h (gone at 20 h).',
  },
  'photos-post-id-missing': { area, description: 'A published upload answers `{id}` without `post_id`.' },
  'photos-id-not-numeric': {
    area,
    description: 'POST answers `id` as a JSON number instead of a numeric string.',
  },
  'photos-type-ignored': {
    area,
    description: 'GET ignores `type`: every list holds the profile pictures, so uploads never show.',
  },
  'photos-missing-permission-accepted': {
    area,
    description:
      'No code 200: a Page token without MODERATE may list photos, one without `pages_manage_posts` may upload.',
  },
  'photos-temporary-unchecked': {
    area,
    description: '`temporary=true` is accepted with `published` true or with `scheduled_publish_time`.',
  },
  'photos-attached-media-unchecked': {
    area,
    description:
      'Feed `attached_media` takes any `media_fbid`: never-issued, published or deleted photos are accepted.',
  },
  'photos-age-min-under-13-accepted': {
    area,
    description: 'Photo `feed_targeting.age_min` of 1..12 is accepted.',
  },
  'photos-targeting-age-min-any': {
    area,
    description: 'Photo `targeting.age_min` outside 13, 15, 18, 21, 25 is accepted.',
  },
  'photos-params-unchecked': {
    area,
    description:
      'Stated enums, ranges and required sub-fields (GET `type`; POST `backdated_time_granularity`, `unpublished_content_type`, initial-view degrees, `provenance_info`, `spherical_metadata`) are not checked.',
  },
  'photos-type-wrong-code': {
    area,
    description: 'GET with a `type` other than profile, tagged or uploaded gives code 1 instead of 100 (R1).',
  },
  'photos-update-delete-accepted': {
    area,
    description: 'POST and DELETE `/{photo_id}` answer `{success: true}` instead of an error (breaks R2).',
  },
};
