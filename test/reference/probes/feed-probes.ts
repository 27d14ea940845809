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
  'feed-message-link-optional': (env) => outcome(post(env, {})),
  'feed-schedule-window-too-narrow': async (env) => [
    await schedule(env, 1200),
    await schedule(env, 70 * 86400),
  ],
  'feed-schedule-window-too-wide': async (env) => [await schedule(env, 300), await schedule(env, 80 * 86400)],
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
      post(env, { message: 'm', published: 'false', actions: JSON.stringify([{ name: 'a', link: 'b' }]) }),
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
};
