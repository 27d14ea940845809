import { faultsOf } from './faults-of.js';

/** Deliberate bugs of `/{page_id}/photos` and of the unpublished-photo life cycle; each breaks a rule. */
export const PHOTOS_FAULTS = faultsOf('photos', {
  'photos-no-file-accepted': 'POST with none of a file, `url` or `vault_image_id` is accepted (breaks R10).',
  'photos-missing-file-wrong-code':
    'POST with none of a file, `url` or `vault_image_id` gives code 100 instead of 324.',
  'photos-two-sources-accepted': 'POST with both a file and `url` is accepted (R10, SHOULD).',
  'photos-file-type-unchecked': 'Files of any type (a text file, say) are accepted as photos.',
  'photos-size-limit-ignored': 'Files above 10 MB (10,485,761 bytes and more) are accepted (breaks R9).',
  'photos-png-over-1mb-refused':
    'A .png file above 1 MB (1,048,576 bytes) is refused with code 324, the 1 MB recommendation taken for a limit.',
  'photos-size-limit-too-strict':
    'Files above 5,000,000 bytes are refused, so a 10,000,000-byte file is refused (breaks R9).',
  'photos-retention-forever': 'Unpublished uploads are never deleted: one can still be attached to a post after 28 h.',
  'photos-retention-too-short': 'Unpublished uploads are deleted after 6 h instead of about 24 h (gone at 20 h).',
  'photos-unpublished-upload-published':
    'An upload with `published` false (and no schedule) makes a published post on the feed at once; it answers `{id}`.',
  'photos-create-fields-refused': 'POST with `fields` (read-after-write) is refused as an unknown parameter.',
  'photos-post-id-missing': 'A published upload answers `{id}` without `post_id`.',
  'photos-id-not-numeric': 'POST answers `id` as a JSON number instead of a numeric string.',
  'photos-type-ignored': 'GET ignores `type`: every list holds the profile pictures, so uploads never show.',
  'photos-missing-permission-accepted':
    'No code 200: a Page token without MODERATE may list photos, one without `pages_manage_posts` may upload.',
  'photos-temporary-upload-published': 'A temporary upload (`published` false, `temporary` true) is published with a post of its own at once.',
  'photos-temporary-unchecked': '`temporary=true` is accepted with `published` true or with `scheduled_publish_time`.',
  'photos-attached-media-unchecked':
    'Feed `attached_media` takes any `media_fbid`: never-issued, published or deleted photos are accepted.',
  'photos-age-min-under-13-accepted': 'Photo `feed_targeting.age_min` of 1..12 is accepted.',
  'photos-targeting-age-min-any': 'Photo `targeting.age_min` outside 13, 15, 18, 21, 25 is accepted.',
  'photos-params-unchecked':
    'Stated enums, ranges and required sub-fields (GET `type`; POST `backdated_time_granularity`, `unpublished_content_type`, initial-view degrees, `provenance_info`, `spherical_metadata`) are not checked.',
  'photos-type-wrong-code':
    'GET with a `type` other than profile, tagged or uploaded gives code 1 instead of 100 (R1).',
  'photos-update-delete-accepted':
    'POST and DELETE `/{photo_id}` answer `{success: true}` instead of an error (breaks R2).',
  'photos-param-types-unchecked':
    'POST takes wrong-typed parameters (a boolean, int64, numeric id, `backdated_time` or `tags` of another type) instead of code 100 (R1).',
  'photos-application-id-empty-accepted':
    'POST takes `application_id=""` although the Type column says non-empty string (no code 100).',
  'photos-spherical-types-unchecked':
    'Optional `spherical_metadata` sub-fields of the wrong type (a float or int64 sent as a word) are accepted.',
  'photos-spherical-cubestrip-refused': 'A listed `ProjectionType`, `cubestrip`, is refused with code 100.',
  'photos-targeting-shapes-unchecked':
    'Photo `feed_targeting` and `targeting` take any shape (`regions` as a word, `locales` as objects, ...).',
  'photos-gender-2-refused': 'A listed `feed_targeting.genders` value, 2 (female), is refused on photo create.',
  'photos-caption-ascii-only': 'A `caption` with characters outside printable ASCII (accents, emoji) is refused.',
  'photos-default-type-uploaded':
    'GET without `type` lists the uploaded photos instead of the profile pictures (default `profile`).',
  'photos-read-filters-unchecked': 'GET takes a non-integer `biz_tag_id` or `business_id` instead of code 100.',
  'photos-list-ids-numeric': 'GET lists photo ids as JSON numbers instead of strings.',
  'photos-edge-put-delete-accepted':
    "PUT and DELETE `/{page_id}/photos` answer `{success: true}`; the DELETE removes the Page's uploads (breaks R2).",
  'photos-published-default-false':
    'POST without `published` keeps the photo unpublished (the stated default is true): no `post_id`.',
  'photos-schedule-never-publishes':
    'A scheduled upload never goes live: its post is never made at `scheduled_publish_time`.',
  'photos-post-query-params-ignored':
    'POST reads its parameters from the body only: those sent in the query string are ignored.',
  'photos-no-token-served': 'GET and POST without `access_token` are served as if the Page token had been sent.',
  'photos-heading-bounds-exclusive':
    '`initial_view_heading_override_degrees` of exactly 0 or 360 is refused: the stated bounds are taken as exclusive.',
  'photos-type-tagged-refused': 'GET with the listed `type=tagged` is refused with code 100.',
  'photos-temporary-default-published':
    '`temporary=true` is refused only with an explicit `published=true`: left out, `published` (default true) is not checked.',
  'photos-enums-first-value-only':
    'POST enums take only their first listed value: `backdated_time_granularity` year, `provenance_type` C2PA, `unpublished_content_type` SCHEDULED, `ProjectionType` equirectangular.',
  'photos-location-kept':
    'A published JPEG keeps its EXIF GPS and XMP location: `full_picture` serves the upload as sent.',
});
