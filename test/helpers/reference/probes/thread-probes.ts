import { call } from '../reference-client.js';
import { outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const thread = (env: ProbeEnv, fields: string, token = page(env)) =>
  call(env.ref, 'GET', '/v25.0/t_1', { query: { access_token: token, fields } });

const count = async (env: ProbeEnv, fields: string): Promise<number> =>
  (await thread(env, fields)).body.messages.data.length;

export const THREAD_PROBES: Record<string, Probe> = {
  'thread-source-filter-ignored': (env) => count(env, 'messages.source(PARTICIPANTS)'),
  'thread-messages-limit-ignored': (env) => count(env, 'messages.limit(1)'),
  'thread-missing-permission-accepted': (env) =>
    outcome(thread(env, 'id', env.ref.tokens['page_no_moderate'])),
  'thread-update-delete-accepted': async (env) => {
    const query = { access_token: page(env) };
    return [
      await outcome(call(env.ref, 'POST', '/v25.0/t_1', { form: { ...query, unread: '0' } })),
      await outcome(call(env.ref, 'DELETE', '/v25.0/t_1', { query })),
    ];
  },
  'thread-id-wrong': async (env) => (await thread(env, 'id')).body.id,
  'thread-counts-negative': async (env) => (await thread(env, 'unseen')).body.unseen,
  'thread-messages-edge-missing': (env) =>
    outcome(call(env.ref, 'GET', '/v25.0/t_1/messages', { query: { access_token: page(env) } })),
  'thread-token-unchecked': async (env) => [
    await outcome(call(env.ref, 'GET', '/v25.0/t_1', { query: { fields: 'id' } })),
    await outcome(thread(env, 'id', env.ref.appToken)),
  ],
  'thread-counts-as-strings': async (env) => {
    const { body } = await thread(env, 'unread,unseen');
    return [typeof body.unread, typeof body.unseen];
  },
};
