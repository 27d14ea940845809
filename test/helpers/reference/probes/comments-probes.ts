import { call } from '../reference-client.js';
import { outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const POST_ID = '2000001_159';

const read = (env: ProbeEnv, query: Record<string, string> = {}, token = page(env)) =>
  call(env.ref, 'GET', `/v25.0/${POST_ID}/comments`, { query: { access_token: token, ...query } });

const comment = (env: ProbeEnv, form: Record<string, string>, token = page(env)) =>
  call(env.ref, 'POST', `/v25.0/${POST_ID}/comments`, { form: { access_token: token, ...form } });

const ids = async (env: ProbeEnv, query: Record<string, string> = {}): Promise<string[]> =>
  (await read(env, query)).body.data.map((item: { id: string }) => item.id);

const summaryShape = async (env: ProbeEnv) => {
  const { body } = await read(env, { summary: 'true' });
  return { keys: Object.keys(body).sort(), summary: body.summary };
};

export const COMMENTS_PROBES: Record<string, Probe> = {
  'comments-summary-missing': summaryShape,
  'comments-summary-misplaced': summaryShape,
  'comments-stream-count-toplevel': async (env) =>
    (await read(env, { summary: 'true', filter: 'stream' })).body.summary.total_count,
  'comments-filter-ignored': async (env) => (await ids(env, { filter: 'stream' })).length,
  'comments-reverse-order': (env) => ids(env),
  'comments-can-comment-missing': async (env) =>
    (await read(env)).body.data.map((item: { can_comment: unknown }) => typeof item.can_comment),
  'comments-empty-accepted': (env) => outcome(comment(env, {})),
  'comments-delete-ignored': async (env) => {
    const [first] = await ids(env);
    await call(env.ref, 'DELETE', `/${first}`, { query: { access_token: page(env) } });
    return ids(env);
  },
  'comments-delete-keeps-replied': async (env) => {
    const { body } = await comment(env, { message: 'replied to' });
    await call(env.ref, 'POST', `/v25.0/${body.id}/comments`, { form: { access_token: page(env), message: 'a reply' } });
    await call(env.ref, 'DELETE', `/v25.0/${body.id}`, { query: { access_token: page(env) } });
    return (await ids(env)).includes(body.id);
  },
  'comments-edge-delete-accepted': async (env) => [
    await outcome(call(env.ref, 'DELETE', `/${POST_ID}/comments`, { query: { access_token: page(env) } })),
    (await ids(env)).length,
  ],
  'comments-missing-permission-accepted': (env) =>
    outcome(comment(env, { message: 'm' }, env.ref.tokens['page_no_moderate'])),
  'comments-user-token-sees-comments': async (env) =>
    (await read(env, {}, env.ref.tokens['user'])).body.data.length,
  'comments-ids-without-moderate': async (env) =>
    (await read(env, {}, env.ref.tokens['page_no_moderate'])).body.data.map((item: { id?: string }) => item.id),
  'comments-listed-can-comment-string': async (env) =>
    (await read(env)).body.data.map((item: { can_comment: unknown }) => item.can_comment),
  'comments-replies-not-listed': async (env) => {
    const [, asked] = await ids(env); // the seeded comment with two replies
    const replies = await call(env.ref, 'GET', `/v25.0/${asked}/comments`, { query: { access_token: page(env) } });
    return replies.body.data.length;
  },
  'comments-media-edge-missing': (env) =>
    outcome(call(env.ref, 'GET', '/v25.0/6000001/comments', { query: { access_token: page(env) } })),
  'comments-edge-put-accepted': (env) =>
    outcome(call(env.ref, 'PUT', `/v25.0/${POST_ID}/comments`, { form: { access_token: page(env), message: 'm' } })),
  'comments-toplevel-count-includes-replies': async (env) =>
    (await read(env, { summary: 'true' })).body.summary.total_count,
  'comments-summary-always': async (env) => (await read(env)).body.summary,
  'comments-invalid-param-code-1': (env) => outcome(comment(env, {})),
  'comments-post-token-unchecked': (env) =>
    outcome(call(env.ref, 'POST', `/v25.0/${POST_ID}/comments`, { form: { message: 'm' } })),
  'comments-query-params-ignored': (env) =>
    outcome(
      call(env.ref, 'POST', `/v25.0/${POST_ID}/comments`, {
        query: { message: 'm' },
        form: { access_token: page(env) },
      }),
    ),
  'comments-filter-unchecked': (env) => outcome(read(env, { filter: 'everything' })),
  'comments-summary-unchecked': (env) => outcome(read(env, { summary: 'maybe' })),
  'comments-body-params-ignored': (env) => outcome(comment(env, { message: 'm' })),
};
