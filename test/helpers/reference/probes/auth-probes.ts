import { call, control } from '../reference-client.js';
import type { Probe, ProbeEnv } from './probe-kit.js';

const CALLBACK = 'https://app.example/callback';
const query = (env: ProbeEnv, extra: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    client_id: env.ref.appId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'imgnet_basic',
    ...extra,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
};
const windowStatus = async (env: ProbeEnv, extra: Record<string, string | undefined>) =>
  (await call(env.ref, 'GET', `/oauth/authorize?${new URLSearchParams(query(env, extra))}`)).status;
const location = async (
  env: ProbeEnv,
  decision: string,
  extra: Record<string, string> = {},
): Promise<string> =>
  (await control(env.ref, 'POST', '/authorize', { query: query(env, extra), decision })).body.location;
const code = async (env: ProbeEnv) => new URL(await location(env, 'allow')).searchParams.get('code') ?? '';
const exchange = async (env: ProbeEnv, value: string, secret = env.ref.appSecret) =>
  (
    await call(env.ref, 'GET', '/oauth/access_token', {
      query: { client_id: env.ref.appId, client_secret: secret, redirect_uri: CALLBACK, code: value },
    })
  ).status;

export const AUTH_PROBES: Record<string, Probe> = {
  'auth-code-reusable': async (env) => {
    const value = await code(env);
    return [await exchange(env, value), await exchange(env, value)];
  },
  'auth-code-never-expires': async (env) => {
    const value = await code(env);
    await control(env.ref, 'POST', '/clock', { advance_seconds: 3601 });
    return exchange(env, value);
  },
  'auth-code-marker-missing': (env) => location(env, 'allow'),
  'auth-code-marker-inside': async (env) => exchange(env, await code(env)),
  'auth-state-altered': async (env) =>
    new URL(await location(env, 'allow', { state: 'st' })).searchParams.get('state'),
  'auth-deny-missing-error-reason': (env) => location(env, 'deny'),
  'auth-deny-description-not-plus-joined': (env) => location(env, 'deny'),
  'auth-redirect-trailing-slash-lenient': (env) => windowStatus(env, { redirect_uri: `${CALLBACK}/` }),
  'auth-redirect-case-lenient': (env) => windowStatus(env, { redirect_uri: CALLBACK.toUpperCase() }),
  'auth-scope-not-required': (env) => windowStatus(env, { scope: undefined }),
  'auth-scope-space-separated-refused': (env) => windowStatus(env, { scope: 'pages_show_list imgnet_basic' }),
  'auth-response-type-not-checked': (env) => windowStatus(env, { response_type: 'token' }),
  'auth-client-id-not-required': (env) => windowStatus(env, { client_id: undefined }),
  'auth-code-race': async (env) => {
    const value = await code(env);
    const statuses = await Promise.all(Array.from({ length: 6 }, () => exchange(env, value)));
    return statuses.filter((s) => s === 200).length > 1;
  },
  'auth-window-not-html': async (env) =>
    (await call(env.ref, 'GET', `/oauth/authorize?${new URLSearchParams(query(env))}`)).headers.get(
      'content-type',
    ),
  'auth-window-skipped': (env) => windowStatus(env, {}),
  'auth-secret-not-checked': async (env) => exchange(env, await code(env), 'wrong-secret'),
  'auth-redirect-port-lenient': (env) => windowStatus(env, { redirect_uri: 'https://app.example:8443/callback' }),
  'auth-redirect-extra-segment-lenient': (env) => windowStatus(env, { redirect_uri: `${CALLBACK}/more` }),
  'auth-redirect-uri-not-required': (env) => windowStatus(env, { redirect_uri: undefined }),
  'auth-client-id-any': (env) => windowStatus(env, { client_id: '1234567' }),
  'auth-code-lifetime-too-short': async (env) => {
    const value = await code(env);
    await control(env.ref, 'POST', '/clock', { advance_seconds: 3599 });
    return exchange(env, value);
  },
  'auth-code-marker-tolerated': async (env) => exchange(env, `${await code(env)}#_`),
  'auth-window-post-issues-code': async (env) => {
    const answer = await call(env.ref, 'POST', `/oauth/authorize?${new URLSearchParams(query(env))}`);
    return [answer.status, answer.headers.get('location')?.includes('code=')];
  },
  'auth-window-write-methods-served': async (env) => [
    (await call(env.ref, 'PUT', `/oauth/authorize?${new URLSearchParams(query(env))}`)).status,
    (await call(env.ref, 'DELETE', `/oauth/authorize?${new URLSearchParams(query(env))}`)).status,
  ],
  'auth-window-needs-token': (env) => windowStatus(env, {}),
  'auth-client-id-leading-digits': (env) => windowStatus(env, { client_id: `${env.ref.appId}abc` }),
  'auth-redirect-scheme-lenient': (env) => windowStatus(env, { redirect_uri: CALLBACK.replace('https:', 'http:') }),
  'auth-redirect-host-extension-lenient': (env) =>
    windowStatus(env, { redirect_uri: CALLBACK.replace('app.example', 'app.example.evil') }),
  'auth-deny-issues-code': async (env) => new URL(await location(env, 'deny')).searchParams.has('code'),
  'auth-state-always-sent': async (env) => new URL(await location(env, 'allow')).searchParams.has('state'),
  'auth-issued-token-unknown': async (env) => {
    const query = { client_id: env.ref.appId, client_secret: env.ref.appSecret, redirect_uri: CALLBACK };
    const answer = await call(env.ref, 'GET', '/oauth/access_token', { query: { ...query, code: await code(env) } });
    const feed = await call(env.ref, 'GET', `/${env.ref.pageId}/feed`, {
      query: { access_token: String(answer.body.access_token) },
    });
    return feed.body.error?.code;
  },
};
