import { call, control } from '../reference-client.js';
import { feed, now, outcome, type Probe, type ProbeEnv, page, post } from './probe-kit.js';

const schedule = async (env: ProbeEnv, delta: number) =>
  outcome(post(env, { message: 'm', published: 'false', scheduled_publish_time: (await now(env)) + delta }));

const children = (env: ProbeEnv, n: number, withPicture = true) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      link: `${env.host}/ok/${i}`,
      ...(withPicture ? { picture: 'p' } : {}),
    })),
  );

const secondPageFirstId = async (env: ProbeEnv) => {
  const first = await feed(env, { limit: 3 });
  return (await call(env.ref, 'GET', first.body.paging.next)).body.data[0].id;
};

const publishedFlags = async (env: ProbeEnv) =>
  (await feed(env, { limit: 100, fields: 'is_published' })).body.data.map(
    (p: { is_published: boolean }) => p.is_published,
  );

/** A post's read fields, found on the first page of the feed (the newest posts come first in the reference). */
const readBack = async (env: ProbeEnv, form: Record<string, string | number>, fields: string) => {
  const created = await post(env, form);
  const listed = await feed(env, { limit: 100, fields: `id,${fields}` });
  return listed.body.data.find((p: { id: string }) => p.id === created.body.id) ?? created.body;
};

const withThumbnail = async (env: ProbeEnv) => {
  const body = new FormData();
  body.set('access_token', page(env));
  body.set('message', 'm');
  body.set('link', `${env.host}/ok`);
  body.set('thumbnail', new Blob([Buffer.from('89504e47', 'hex')], { type: 'image/png' }), 'thumb.png');
  const answer = await fetch(`${env.ref.url}/v25.0/${env.ref.pageId}/feed`, { method: 'POST', body });
  return answer.status;
};

const TWENTY_SIX_COUNTRIES = 'US FR DE GB IT ES PT NL BE LU IE DK SE NO FI IS AT CH PL CZ SK HU SI HR GR RO'.split(' ');

const targeted = (env: ProbeEnv, targeting: object) =>
  readBack(env, { message: 'm', feed_targeting: JSON.stringify(targeting) }, 'feed_targeting');

export const FEED_PROBES: Record<string, Probe> = {
  'feed-limit-not-capped': (env) => outcome(feed(env, { limit: 101 })),
  'feed-limit-ignored': async (env) => (await feed(env, { limit: 5 })).body.data.length,
  'feed-paging-repeats': secondPageFirstId,
  'feed-paging-skips': secondPageFirstId,
  'feed-list-shape': async (env) => Object.keys((await feed(env, {})).body.paging),
  'feed-unpublished-hidden': publishedFlags,
  'feed-is-published-wrong': publishedFlags,
  'feed-fields-ignored': async (env) =>
    Object.keys((await feed(env, { fields: 'is_published' })).body.data[0]),
  'feed-message-non-ascii-lost': async (env) => (await readBack(env, { message: 'Привет 🎉' }, 'message')).message,
  'feed-message-link-optional': (env) => outcome(post(env, {})),
  'feed-schedule-window-too-narrow': async (env) => [
    await schedule(env, 1200),
    await schedule(env, 70 * 86400),
  ],
  'feed-schedule-window-too-wide': async (env) => [await schedule(env, 300), await schedule(env, 80 * 86400)],
  'feed-scheduled-listed-twice': async (env) => {
    const { body } = await post(env, { message: 'm', published: 'false', scheduled_publish_time: (await now(env)) + 700 });
    await control(env.ref, 'POST', '/clock', { advance_seconds: 700 });
    const listed = await feed(env, { limit: 100 });
    return listed.body.data.filter((p: { id: string }) => p.id === body.id).length;
  },
  'feed-schedule-never-live': async (env) => {
    const { body } = await post(env, {
      message: 'm',
      published: 'false',
      scheduled_publish_time: (await now(env)) + 700,
    });
    await control(env.ref, 'POST', '/clock', { advance_seconds: 700 });
    const query = { access_token: page(env), fields: 'is_published' };
    return (await call(env.ref, 'GET', `/${body.id}`, { query })).body.is_published;
  },
  'feed-child-attachments-max-5-always': (env) =>
    outcome(post(env, { message: 'm', child_attachments: children(env, 8) })),
  'feed-child-attachments-min-1': (env) =>
    outcome(post(env, { message: 'm', child_attachments: children(env, 1) })),
  'feed-child-attachments-unbounded': (env) =>
    outcome(post(env, { message: 'm', child_attachments: children(env, 11) })),
  'feed-child-attachment-fields-optional': (env) =>
    outcome(post(env, { message: 'm', child_attachments: children(env, 2, false) })),
  'feed-published-false-actions-accepted': (env) =>
    outcome(
      post(env, { message: 'm', published: 'false', actions: JSON.stringify([{ name: 'a', link: `${env.host}/ok` }]) }),
    ),
  'feed-tags-without-place-accepted': (env) => outcome(post(env, { message: 'm', tags: '1,2' })),
  'feed-unreachable-link-accepted': (env) => outcome(post(env, { link: `${env.host}/missing` })),
  'feed-age-max-over-65-accepted': (env) =>
    outcome(post(env, { message: 'm', feed_targeting: JSON.stringify({ age_max: 70 }) })),
  'feed-age-min-under-13-accepted': (env) =>
    outcome(post(env, { message: 'm', feed_targeting: JSON.stringify({ age_min: 12 }) })),
  'feed-targeting-age-min-any': (env) =>
    outcome(post(env, { message: 'm', targeting: JSON.stringify({ age_min: 14 }) })),
  'feed-missing-permission-accepted': async (env) => [
    await outcome(post(env, { message: 'm' }, env.ref.tokens['page_no_manage_posts'])),
    await outcome(feed(env, { access_token: env.ref.tokens['user'] ?? '' })),
  ],
  'feed-wrong-error-code': (env) => outcome(post(env, {})),
  'feed-created-time-wrong-shape': async (env) => (await feed(env, { fields: 'created_time' })).body.data[0].created_time,
  'feed-targeting-age-min-13-only': (env) =>
    outcome(post(env, { message: 'm', targeting: JSON.stringify({ age_min: 21 }) })),
  'feed-call-to-action-restricted': (env) =>
    outcome(post(env, { link: `${env.host}/ok`, call_to_action: JSON.stringify({ type: 'DOWNLOAD' }) })),
  'feed-post-response-shape': async (env) => Object.keys((await post(env, { message: 'm' })).body),
  'feed-post-query-params-ignored': (env) =>
    outcome(call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/feed`, { query: { access_token: page(env), message: 'm' } })),
  'feed-paging-next-missing-next-to-last': async (env) => {
    // 160 seeded posts in pages of 100: the first page is the next-to-last.
    const first = await feed(env, { limit: 100 });
    return [Boolean(first.body.paging.next), (await feed(env, { limit: 100, after: first.body.paging.cursors.after })).body.data.length];
  },
  'feed-from-not-page': async (env) => (await readBack(env, { message: 'm' }, 'from')).from,
  'feed-mention-refused': (env) => outcome(post(env, { message: `hi @[${env.ref.pageId}]` })),
  'feed-thumbnail-refused': withThumbnail,
  'feed-link-preview-refused': (env) => outcome(post(env, { link: `${env.host}/ok`, name: 'n', description: 'd' })),
  'feed-actions-refused': (env) =>
    outcome(post(env, { message: 'm', actions: JSON.stringify([{ link: `${env.host}/ok`, name: 'Visit' }]) })),
  'feed-actions-unchecked': (env) => outcome(post(env, { message: 'm', actions: JSON.stringify([{ name: 'Visit' }]) })),
  'feed-granularity-minute-refused': (env) =>
    outcome(post(env, { message: 'm', backdated_time: 1_500_000_000, backdated_time_granularity: 'minute' })),
  'feed-granularity-unchecked': (env) =>
    outcome(post(env, { message: 'm', backdated_time: 1_500_000_000, backdated_time_granularity: 'week' })),
  'feed-targeting-lists-unchecked': (env) =>
    outcome(post(env, { message: 'm', feed_targeting: JSON.stringify({ genders: [3] }) })),
  'feed-targeting-not-stored': async (env) => (await targeted(env, { age_max: 40 })).feed_targeting,
  'feed-targeting-age-min-default-13': async (env) => (await targeted(env, { age_max: 40 })).feed_targeting,
  'feed-targeting-genders-as-names': async (env) => (await targeted(env, { genders: [2] })).feed_targeting,
  'feed-targeting-countries-capped-at-10': async (env) =>
    (await targeted(env, { geo_locations: { countries: ['US', 'FR', 'DE', 'GB', 'IT', 'ES', 'PT', 'NL', 'BE', 'LU', 'IE', 'DK'] } }))
      .feed_targeting,
  'feed-tagged-lists-own-posts': async (env) => {
    await post(env, { message: 'm' });
    const { body } = await call(env.ref, 'GET', `/v25.0/${env.ref.pageId}/tagged`, { query: { access_token: page(env) } });
    return body.data.length;
  },
  'feed-targeting-countries-over-25-kept': (env) =>
    outcome(post(env, { message: 'm', feed_targeting: JSON.stringify({ geo_locations: { countries: TWENTY_SIX_COUNTRIES } }) })),
  'feed-multi-share-end-card-unchecked': (env) =>
    outcome(post(env, { message: 'm', link: `${env.host}/ok`, child_attachments: children(env, 2), multi_share_end_card: 'maybe' })),
  'feed-targeting-countries-lower-case': async (env) =>
    (await targeted(env, { geo_locations: { countries: ['US'] } })).feed_targeting,
  'feed-backdated-time-on-regular': async (env) =>
    (await readBack(env, { message: 'm' }, 'backdated_time')).backdated_time,
  'feed-created-time-off-by-a-day': async (env) => (await readBack(env, { message: 'm' }, 'created_time')).created_time,
  'feed-misspelled-field-refused': (env) => outcome(feed(env, { fields: 'sheduled_publish_time' })),
  'feed-unpublished-link-dropped': async (env) =>
    (await readBack(env, { link: `${env.host}/ok`, published: 'false' }, 'status_type')).status_type,
  'feed-attached-media-one-only': async (env) => {
    const upload = () =>
      call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/photos`, {
        form: { access_token: page(env), url: `${env.host}/large.png`, published: 'false' },
      });
    const ids = [(await upload()).body.id, (await upload()).body.id];
    const media = Object.fromEntries(ids.map((id, i) => [`attached_media[${i}]`, JSON.stringify({ media_fbid: id })]));
    return outcome(post(env, { message: 'm', ...media }));
  },
  'feed-wrong-types-accepted': (env) => outcome(post(env, { message: 'm', published: 'maybe' })),
  'feed-full-picture-not-resized': async (env) =>
    (await post(env, { link: `${env.host}/ok`, picture: `${env.host}/large.png`, fields: 'id,full_picture' })).body
      .full_picture === `${env.host}/large.png`,
  'feed-targeting-college-years-refused': (env) =>
    outcome(post(env, { message: 'm', feed_targeting: JSON.stringify({ college_years: [2024] }) })),
};
