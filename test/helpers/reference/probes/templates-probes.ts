import { call, control } from '../reference-client.js';
import { outcome, type Probe, type ProbeEnv } from './probe-kit.js';

const SEEDED = '3100001';
const msgapp = (env: ProbeEnv) => env.ref.tokens['msgapp'] ?? '';

const create = (env: ProbeEnv, json: Record<string, unknown>) =>
  call(env.ref, 'POST', `/v25.0/3000001/message_templates?access_token=${msgapp(env)}`, { json });

const template = (components: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'probe',
  language: 'en_US',
  category: 'UTILITY',
  components,
  ...extra,
});

const BODY = { type: 'BODY', text: 'Thanks.' };

const read = (env: ProbeEnv, id: string, token = msgapp(env)) =>
  call(env.ref, 'GET', `/v25.0/${id}`, { query: { access_token: token } });

const buttons = (items: unknown[]) => [BODY, { type: 'BUTTONS', buttons: items }];

export const TEMPLATES_PROBES: Record<string, Probe> = {
  'templates-approved-without-examples': async (env) => {
    const { body } = await create(env, template([{ type: 'BODY', text: 'Hi {{1}}' }]));
    await control(env.ref, 'POST', '/clock', { advance_seconds: 86_400 });
    return (await read(env, body.id)).body.status;
  },
  'templates-page-token-accepted': (env) => outcome(read(env, SEEDED, env.ref.tokens['page'])),
  'templates-body-text-optional': (env) => outcome(create(env, template([{ type: 'BODY' }]))),
  'templates-header-text-optional': (env) =>
    outcome(create(env, template([{ type: 'HEADER', format: 'TEXT' }, BODY]))),
  'templates-component-type-unchecked': (env) =>
    outcome(create(env, template(buttons([{ type: 'TELEPORT', text: 'go' }])))),
  'templates-button-type-optional': (env) => outcome(create(env, template(buttons([{ text: 'go' }])))),
  'templates-phone-number-wrong-code': (env) =>
    outcome(create(env, template(buttons([{ type: 'PHONE_NUMBER', text: 'c', phone_number: 'x' }])))),
  'templates-category-unchecked': (env) => outcome(create(env, template([BODY], { category: 'OTHER' }))),
  'templates-name-language-optional': (env) => outcome(create(env, template([BODY], { name: undefined }))),
  'templates-create-response-shape': async (env) => (await create(env, template([BODY]))).body,
  'templates-update-response-shape': async (env) => {
    const path = `/v25.0/${SEEDED}?access_token=${msgapp(env)}`;
    return (await call(env.ref, 'POST', path, { json: { category: 'MARKETING' } })).body;
  },
  'templates-status-lowercase': async (env) => (await read(env, SEEDED)).body.status,
  'templates-params-unchecked': async (env) => [
    await outcome(create(env, template([BODY], { parameter_format: 'SIDEWAYS' }))),
    await outcome(create(env, template([BODY], { sub_category: 'RECEIPT' }))),
    await outcome(create(env, template([{ type: 'HEADER', format: 'AUDIO', text: 'Hi' }, BODY]))),
  ],
  'templates-hsm-ids-unchecked': (env) =>
    outcome(
      call(env.ref, 'DELETE', '/v25.0/3000001/message_templates', {
        query: { access_token: msgapp(env), hsm_ids: '["abc"]' },
      }),
    ),
  'templates-delete-ignored': async (env) => {
    const query = { access_token: msgapp(env), name: 'hello_world' };
    await call(env.ref, 'DELETE', '/v25.0/3000001/message_templates', { query });
    return (await read(env, SEEDED)).body.status;
  },
  'templates-delete-by-name-keeps-one-language': async (env) => {
    const french = await create(env, template([BODY], { name: 'probe_translated', language: 'fr' }));
    const dutch = await create(env, template([BODY], { name: 'probe_translated', language: 'nl' }));
    const query = { access_token: msgapp(env), name: 'probe_translated' };
    await call(env.ref, 'DELETE', '/v25.0/3000001/message_templates', { query });
    return [(await read(env, french.body.id)).body.status, (await read(env, dutch.body.id)).body.status];
  },
  'templates-app-token-accepted': (env) => outcome(read(env, SEEDED, env.ref.appToken)),
  'templates-read-without-token': (env) => outcome(call(env.ref, 'GET', `/v25.0/${SEEDED}`)),
  'templates-recategorised': async (env) => (await create(env, template([BODY], { category: 'MARKETING' }))).body.category,
  'templates-listed-value-refused': (env) => outcome(create(env, template([BODY], { category: 'AUTHENTICATION' }))),
  'templates-field-types-unchecked': (env) =>
    outcome(create(env, template([BODY], { message_send_ttl_seconds: 'soon' }))),
  'templates-flow-button-unchecked': (env) =>
    outcome(create(env, template(buttons([{ type: 'FLOW', text: 'Open', flow_id: 1, icon: 'STAR' }])))),
  'templates-refusal-wrong-code': async (env) =>
    (await create(env, template([BODY], { category: 'OTHER' }))).body.error?.code,
  'templates-update-not-saved': async (env) => {
    const path = `/v25.0/${SEEDED}?access_token=${msgapp(env)}`;
    await call(env.ref, 'POST', path, { json: { category: 'MARKETING' } });
    return (await read(env, SEEDED)).body.category;
  },
  'templates-delete-spills': async (env) => {
    const query = { access_token: msgapp(env), name: 'order_shipped' };
    await call(env.ref, 'DELETE', '/v25.0/3000001/message_templates', { query });
    return (await read(env, SEEDED)).body.status;
  },
  'templates-hsm-id-deletes-every-language': async (env) => {
    const english = (await create(env, template([BODY]))).body.id as string;
    const french = (await create(env, template([BODY], { language: 'fr' }))).body.id as string;
    const query = { access_token: msgapp(env), hsm_id: english, name: 'probe' };
    await call(env.ref, 'DELETE', '/v25.0/3000001/message_templates', { query });
    return (await read(env, french)).body.status;
  },
  'templates-create-fields-ignored': async (env) => {
    const { body } = await call(env.ref, 'POST', `/v25.0/3000001/message_templates?access_token=${msgapp(env)}&fields=name,language`, {
      json: template([BODY]),
    });
    return Object.keys(body).sort();
  },
  'templates-hsm-id-alone-accepted': (env) =>
    outcome(
      call(env.ref, 'DELETE', '/v25.0/3000001/message_templates', {
        query: { access_token: msgapp(env), hsm_id: SEEDED },
      }),
    ),
  'templates-list-refused': async (env) => {
    await create(env, template([BODY]));
    return outcome(call(env.ref, 'GET', `/v25.0/3000001/message_templates?access_token=${msgapp(env)}`));
  },
  'templates-query-params-ignored': (env) =>
    outcome(
      call(env.ref, 'POST', `/v25.0/3000001/message_templates?access_token=${msgapp(env)}&category=UTILITY`, {
        json: { name: 'probe', language: 'en_US', components: [BODY] },
      }),
    ),
  'templates-ttl-not-saved': async (env) => {
    const { body } = await create(env, template([BODY], { message_send_ttl_seconds: 3600 }));
    return (await read(env, body.id)).body.message_send_ttl_seconds;
  },
};
