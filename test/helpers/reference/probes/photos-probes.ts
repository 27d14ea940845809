import { imageBytes } from '../../../../harness/content-host/index.js';
import { jpegWithLocation } from '../../../../harness/content-host/jpeg-with-location.js';
import { photoIds, png, postWithPhotos, unpublishedPhoto, uploadPhoto } from '../photos-client.js';
import { call, control } from '../reference-client.js';
import { now, outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const HOUR = 3600;

/** A complete `spherical_metadata` (the required sub-fields). */
const SPHERE = {
  ProjectionType: 'equirectangular',
  CroppedAreaImageWidthPixels: 4000,
  CroppedAreaImageHeightPixels: 2000,
  FullPanoWidthPixels: 4000,
  FullPanoHeightPixels: 2000,
};

/** An upload with form fields only (`vault_image_id` stands in for the file unless told otherwise). */
const upload = (env: ProbeEnv, form: Record<string, string>, token = page(env)) =>
  call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/photos`, {
    form: { access_token: token, vault_image_id: '1', ...form },
  });

const afterRetention = async (env: ProbeEnv, hours: number) => {
  const id = await unpublishedPhoto(env.ref);
  await control(env.ref, 'POST', '/clock', { advance_seconds: hours * HOUR });
  return outcome(postWithPhotos(env.ref, [id]));
};

const noImage = (env: ProbeEnv) => outcome(uploadPhoto(env.ref, { caption: 'no image' }));

export const PHOTOS_PROBES: Record<string, Probe> = {
  'photos-no-file-accepted': noImage,
  'photos-missing-file-wrong-code': noImage,
  'photos-two-sources-accepted': (env) => outcome(uploadPhoto(env.ref, { url: `${env.host}/ok` }, png())),
  'photos-file-type-unchecked': (env) =>
    outcome(uploadPhoto(env.ref, {}, { data: Buffer.from('plain text'), filename: 'a.png' })),
  'photos-size-limit-ignored': (env) =>
    outcome(uploadPhoto(env.ref, {}, { data: imageBytes('png', 10_485_761) })),
  'photos-png-over-1mb-refused': (env) => outcome(uploadPhoto(env.ref, {}, { data: imageBytes('png', 2_000_000) })),
  'photos-size-limit-too-strict': (env) =>
    outcome(uploadPhoto(env.ref, {}, { data: imageBytes('png', 10_000_000) })),
  'photos-retention-forever': (env) => afterRetention(env, 28),
  'photos-retention-too-short': (env) => afterRetention(env, 20),
  'photos-unpublished-upload-published': async (env) => {
    await upload(env, { published: 'false' });
    const { body } = await call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/feed`, { query: { access_token: page(env), limit: '100', fields: 'id,is_published' } });
    // The newest post first: the upload's own post under the fault, a post made before it otherwise.
    return (body.data as { id: string }[])[0]?.id;
  },
  'photos-temporary-upload-published': async (env) => {
    await upload(env, { published: 'false', temporary: 'true' });
    const { body } = await call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/feed`, { query: { access_token: page(env), limit: '100', fields: 'id,is_published' } });
    return (body.data as { id: string }[])[0]?.id;
  },
  'photos-create-fields-refused': (env) => outcome(upload(env, { fields: 'id' })),
  'photos-post-id-missing': async (env) => Object.keys((await upload(env, {})).body).sort(),
  'photos-id-not-numeric': async (env) => typeof (await upload(env, {})).body.id,
  'photos-type-ignored': async (env) => {
    const { id } = (await upload(env, {})).body;
    return (await photoIds(env.ref, 'uploaded')).includes(id);
  },
  'photos-missing-permission-accepted': async (env) => [
    await outcome(
      call(env.ref, 'GET', `/${env.ref.pageId}/photos`, {
        query: { access_token: env.ref.tokens['page_no_moderate'] ?? '' },
      }),
    ),
    await outcome(upload(env, {}, env.ref.tokens['page_no_manage_posts'])),
  ],
  'photos-temporary-unchecked': (env) => outcome(upload(env, { temporary: 'true' })),
  'photos-temporary-default-published': (env) => outcome(upload(env, { temporary: 'true' })),
  'photos-heading-bounds-exclusive': (env) => outcome(upload(env, { initial_view_heading_override_degrees: '360' })),
  'photos-type-tagged-refused': (env) =>
    outcome(call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/photos`, { query: { access_token: page(env), type: 'tagged' } })),
  'photos-attached-media-unchecked': (env) => outcome(postWithPhotos(env.ref, ['8999999'])),
  'photos-age-min-under-13-accepted': (env) =>
    outcome(upload(env, { feed_targeting: JSON.stringify({ age_min: 12 }) })),
  'photos-targeting-age-min-any': (env) =>
    outcome(upload(env, { targeting: JSON.stringify({ age_min: 14 }) })),
  'photos-params-unchecked': async (env) => [
    await outcome(upload(env, { initial_view_heading_override_degrees: '361' })),
    await outcome(upload(env, { provenance_info: JSON.stringify({ provenance_type: 'C2PA' }) })),
  ],
  'photos-type-wrong-code': (env) =>
    outcome(
      call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/photos`, { query: { access_token: page(env), type: 'albums' } }),
    ),
  'photos-update-delete-accepted': async (env) => {
    const path = `/v25.0/${(await upload(env, {})).body.id}`;
    const query = { access_token: page(env) };
    return [
      await outcome(call(env.ref, 'POST', path, { form: { ...query, caption: 'edited' } })),
      await outcome(call(env.ref, 'DELETE', path, { query })),
    ];
  },
  'photos-param-types-unchecked': (env) => outcome(upload(env, { no_story: 'maybe' })),
  'photos-application-id-empty-accepted': (env) => outcome(upload(env, { application_id: '' })),
  'photos-spherical-types-unchecked': (env) =>
    outcome(upload(env, { spherical_metadata: JSON.stringify({ ...SPHERE, PoseHeadingDegrees: 'north' }) })),
  'photos-spherical-cubestrip-refused': (env) =>
    outcome(upload(env, { spherical_metadata: JSON.stringify({ ...SPHERE, ProjectionType: 'cubestrip' }) })),
  'photos-targeting-shapes-unchecked': (env) =>
    outcome(upload(env, { feed_targeting: JSON.stringify({ geo_locations: { regions: [{ key: 'north' }] } }) })),
  'photos-gender-2-refused': (env) => outcome(upload(env, { feed_targeting: JSON.stringify({ genders: [2] }) })),
  'photos-caption-ascii-only': (env) => outcome(upload(env, { caption: 'café 📷' })),
  'photos-default-type-uploaded': async (env) => {
    await upload(env, {});
    const answer = await call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/photos`, { query: { access_token: page(env) } });
    return answer.body.data.map((photo: { id: string }) => photo.id);
  },
  'photos-read-filters-unchecked': (env) =>
    outcome(call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/photos`, { query: { access_token: page(env), biz_tag_id: 'tag' } })),
  'photos-list-ids-numeric': async (env) => {
    await upload(env, {});
    const answer = await call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/photos`, {
      query: { access_token: page(env), type: 'uploaded' },
    });
    return typeof answer.body.data[0]?.id;
  },
  'photos-edge-put-delete-accepted': async (env) => {
    const path = `/v25.0/${env.ref.pageId}/photos`;
    const query = { access_token: page(env) };
    return [await outcome(call(env.ref, 'PUT', path, { query })), await outcome(call(env.ref, 'DELETE', path, { query }))];
  },
  'photos-published-default-false': async (env) => Object.keys((await upload(env, {})).body).sort(),
  'photos-schedule-never-publishes': async (env) => {
    const { id } = (await upload(env, { published: 'false', scheduled_publish_time: String((await now(env)) + HOUR) })).body;
    await control(env.ref, 'POST', '/clock', { advance_seconds: 2 * HOUR });
    return (await photoIds(env.ref, 'uploaded')).includes(id);
  },
  'photos-post-query-params-ignored': (env) =>
    outcome(
      call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/photos`, {
        query: { vault_image_id: '1' },
        form: { access_token: page(env) },
      }),
    ),
  'photos-no-token-served': (env) =>
    outcome(call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/photos`, { query: { type: 'uploaded' } })),
  'photos-enums-first-value-only': (env) => outcome(upload(env, { backdated_time_granularity: 'day' })),
  'photos-location-kept': async (env) => {
    const answer = await uploadPhoto(env.ref, {}, { data: jpegWithLocation(), filename: 'gps.jpg' });
    const picture = await call(env.ref, 'GET', `/v25.0/${answer.body.post_id}`, {
      query: { access_token: page(env), fields: 'full_picture' },
    });
    const image = Buffer.from(await (await fetch(picture.body.full_picture)).arrayBuffer());
    return image.includes(Buffer.from('GPSLatitude'));
  },
};

