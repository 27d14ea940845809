import { call } from '../reference-client.js';
import { outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const errors = (env: ProbeEnv, query: Record<string, string> = {}) =>
  call(env.ref, 'GET', '/v25.0/4000001/errors', {
    query: { access_token: page(env), limit: '100', ...query },
  });

const field = async (env: ProbeEnv, name: string, query: Record<string, string> = {}) =>
  (await errors(env, query)).body.data.map((item: Record<string, unknown>) => item[name]);

export const PRODUCT_FEED_PROBES: Record<string, Probe> = {
  'product-feed-priority-ignored': (env) => field(env, 'severity', { error_priority: 'HIGH' }),
  'product-feed-low-priority-partial': (env) => field(env, 'id', { error_priority: 'LOW' }),
  'product-feed-high-priority-first-only': (env) => field(env, 'id', { error_priority: 'HIGH' }),
  'product-feed-severity-wrong': (env) => field(env, 'severity'),
  'product-feed-summary-missing': async (env) => (await errors(env, { summary: 'true' })).body.summary,
  'product-feed-summary-always': async (env) => (await errors(env)).body.summary,
  'product-feed-total-count-inflated': async (env) => (await errors(env, { summary: 'true' })).body.summary.total_count,
  'product-feed-after-cursor-wrong': async (env) => {
    const first = await errors(env, { limit: '5' });
    return field(env, 'id', { limit: '5', after: first.body.paging.cursors.after });
  },
  'product-feed-id-not-number': async (env) => (await field(env, 'id')).map((id: unknown) => typeof id),
  'product-feed-priority-unchecked': (env) => outcome(errors(env, { error_priority: 'URGENT' })),
  'product-feed-priority-wrong-code': (env) => outcome(errors(env, { error_priority: 'URGENT' })),
  'product-feed-token-unchecked': (env) =>
    outcome(call(env.ref, 'GET', '/v25.0/4000001/errors', { query: {} })),
  'product-feed-write-accepted': async (env) => {
    const query = { access_token: page(env) };
    return [
      await outcome(call(env.ref, 'POST', '/v25.0/4000001/errors', { form: { ...query, summary: 'Extra' } })),
      await outcome(call(env.ref, 'DELETE', '/v25.0/4000001/errors', { query })),
    ];
  },
};
