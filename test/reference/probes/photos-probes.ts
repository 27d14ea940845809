import { imageBytes } from '../../../harness/content-host/index.js';
import { photoIds, png, postWithPhotos, unpublishedPhoto, uploadPhoto } from '../photos-client.js';
import { call, control } from '../reference-client.js';
import { outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const HOUR = 3600;

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
  'photos-size-limit-too-strict': (env) =>
    outcome(uploadPhoto(env.ref, {}, { data: imageBytes('png', 10_000_000) })),
  'photos-retention-forever': (env) => afterRetention(env, 28),
  'photos-retention-too-short': (env) => afterRetention(env, 20),
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
};
