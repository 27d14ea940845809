import { call, control } from '../reference-client.js';
import { feed, outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const served = async (env: ProbeEnv, prefix: string) => {
  const answer = await feed(env, { limit: 1 }, prefix);
  return { status: answer.status, version: answer.headers.get('x-graph-version') };
};

export const VERSIONING_PROBES: Record<string, Probe> = {
  'versioning-latest-retired-early': async (env) => {
    await control(env.ref, 'POST', '/clock', { advance_seconds: 40 * 86_400 });
    return served(env, '/v25.0');
  },
  'versioning-expired-version-refused': (env) => served(env, '/v21.0'),
  'versioning-fallback-to-latest': (env) => served(env, '/v21.0'),
  'versioning-unversioned-served-by-latest': (env) => served(env, ''),
  'versioning-downgrade-allowed': async (env) => [await served(env, '/v25.0'), await served(env, '/v23.0')],
  'versioning-unknown-version-accepted': (env) => served(env, '/v99.0'),
  'versioning-no-served-header': (env) => served(env, '/v25.0'),
  'versioning-history-keeps-newest': async (env) => [
    await served(env, '/v23.0'),
    await served(env, '/v25.0'),
    await served(env, '/v23.0'),
  ],
  'versioning-bare-path-unsupported': (env) => served(env, ''),
  'versioning-older-version-error-code': async (env) => [
    await outcome(feed(env, { limit: 101 }, '/v23.0')),
    await outcome(feed(env, { limit: 101 }, '')),
  ],
  'versioning-latest-v26': (env) => served(env, '/v26.0'),
  'versioning-bare-path-list-without-paging': async (env) => Object.keys((await feed(env, { limit: 1 }, '')).body).sort(),
  'versioning-templates-latest-only': (env) =>
    outcome(call(env.ref, 'GET', '/v24.0/3000001/message_templates', { query: { access_token: env.ref.tokens['msgapp'] ?? '' } })),
};

export const ACCESS_PROBES: Record<string, Probe> = {
  'tokens-unknown-accepted': (env) => outcome(feed(env, { access_token: 'EAAP-never-issued' })),
  'tokens-body-ignored': (env) =>
    outcome(call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/feed`, { form: { access_token: page(env), message: 'm' } })),
  'subscriptions-non-app-token-accepted': async (env) =>
    outcome(call(env.ref, 'GET', `/${env.ref.appId}/subscriptions`, { query: { access_token: page(env) } })),
  'subscriptions-missing-token-served': (env) => outcome(call(env.ref, 'GET', `/${env.ref.appId}/subscriptions`, { query: {} })),
  'tokens-missing-served': (env) =>
    outcome(call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/feed`, { form: { message: 'without a token' } })),
  'params-post-query-ignored': (env) =>
    outcome(call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/feed`, { query: { access_token: page(env), message: 'in the query' } })),
  'conventions-create-answers-text': async (env) =>
    typeof (await call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/feed`, { form: { access_token: page(env), message: 'm' } })).body,
  'subscriptions-imgnet-msgapp-accepted': async (env) => {
    const form = { access_token: env.ref.appToken, object: 'msgapp_business_account', callback_url: `${env.host}/ok`, verify_token: 'v' };
    return (await call(env.ref, 'POST', `/${env.ref.appId}/subscriptions`, { form })).body.error?.message;
  },
  'subscriptions-object-enum-unchecked': async (env) => {
    const form = {
      access_token: env.ref.appToken,
      object: 'group',
      callback_url: `${env.host}/ok`,
      verify_token: 'v',
    };
    return (await call(env.ref, 'POST', `/${env.ref.appId}/subscriptions`, { form })).body.error?.message;
  },
};
