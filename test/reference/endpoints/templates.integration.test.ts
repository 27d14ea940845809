import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { call, control, errorCode, useReference } from '../../helpers/reference/reference-client.js';
import { REALWORLD } from '../../helpers/paths.js';

const ref = useReference();

const WABA = '3000001';
const STATUSES = [
  'APPROVED',
  'IN_APPEAL',
  'PENDING',
  'REJECTED',
  'PENDING_DELETION',
  'DELETED',
  'DISABLED',
  'PAUSED',
  'LIMIT_EXCEEDED',
];
const msgapp = () => ref.tokens['msgapp'] ?? '';
const create = (json: Record<string, unknown>, token = msgapp()) =>
  call(ref, 'POST', `/v25.0/${WABA}/message_templates?access_token=${token}`, { json });
const readTemplate = (id: string, token = msgapp(), query: Record<string, string> = {}) =>
  call(ref, 'GET', `/v25.0/${id}`, { query: { access_token: token, ...query } });
const status = async (id: string): Promise<string> => (await readTemplate(id)).body.status;
const advance = (seconds: number) => control(ref, 'POST', '/clock', { advance_seconds: seconds });
const body = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'BODY', text, ...extra });
const valid = (components: unknown[] = [body('Thanks for your order.')]) => ({
  name: 'order_thanks',
  language: 'en_US',
  category: 'UTILITY',
  components,
});

describe('POST /{waba}/message_templates', () => {
  it('answers {id (numeric string), status, category}; the template is approved after review', async () => {
    const created = await create(valid());
    expect(created.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      status: 'PENDING',
      category: 'UTILITY',
    });
    await advance(86_400);
    expect(await status(created.body.id)).toBe('APPROVED');
  });

  it('never approves placeholders without examples, positional or named (R26)', async () => {
    const positional = await create(valid([body('Hi {{1}}, your order shipped.')]));
    const named = await create({ ...valid([body('Hi {{first_name}}!')]), parameter_format: 'named' });
    const example = await create(valid([body('Hi {{1}}!', { example: { body_text: [['Ann']] } })]));
    for (const { body: created } of [positional, named]) expect(created.status).not.toBe('APPROVED');
    await advance(86_400);
    expect(await status(positional.body.id)).not.toBe('APPROVED');
    expect(await status(named.body.id)).not.toBe('APPROVED');
    expect(STATUSES).toContain(await status(named.body.id));
    expect(await status(example.body.id)).toBe('APPROVED');
  });

  it('requires name, language and category from the enum (code 100)', async () => {
    for (const key of ['name', 'language', 'category']) {
      const without: Record<string, unknown> = valid();
      delete without[key];
      expect(errorCode(await create(without))).toBe(100);
    }
    expect(errorCode(await create({ ...valid(), category: 'OTHER' }))).toBe(100);
  });

  it('checks components: type enum, BODY text, HEADER TEXT text, buttons (R1, R19)', async () => {
    const refused = async (components: unknown[]) => errorCode(await create(valid(components)));
    expect([100, 131009]).toContain(await refused([{ type: 'SIDEBAR', text: 'x' }]));
    expect([100, 131009]).toContain(await refused([{ type: 'BODY' }]));
    expect([100, 131009]).toContain(await refused([{ type: 'HEADER', format: 'TEXT' }, body('b')]));
    expect([100, 131009]).toContain(await refused([body('b', { example: { body_text: 'Ann' } })]));
    const buttons = (items: unknown[]) => [body('b'), { type: 'BUTTONS', buttons: items }];
    expect([100, 131009]).toContain(await refused(buttons([{ type: 'TELEPORT', text: 'Go' }])));
    const badPhone = { type: 'PHONE_NUMBER', text: 'Call', phone_number: 'call me' };
    expect(await refused(buttons([badPhone]))).toBe(192);
    const ok = [{ type: 'HEADER', format: 'IMAGE' }, body('b'), { type: 'FOOTER', text: 'f' }];
    expect((await create(valid(ok))).status).toBe(200);
    const phone = buttons([{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '+1 555 555 0100' }]);
    expect((await create(valid(phone))).status).toBe(200);
  });

  it('accepts recorded create requests (ruby_whatsapp_sdk) and answers the recorded keys', async () => {
    const names = [
      'create_a_template_with_valid_params_and_components',
      'create_a_template_with_named_parameters',
    ];
    for (const name of names) {
      const [exchange] = cassette(`templates/${name}.yml`);
      const answer = await create(JSON.parse(exchange.request.body.string));
      expect(answer.status).toBe(200);
      const recorded = JSON.parse(exchange.response.body.string);
      expect(Object.keys(answer.body).sort()).toEqual(Object.keys(recorded).sort());
      expect(answer.body.category).toBe(recorded.category);
    }
  });

  it('needs the msgapp user token: a Page token is code 200, no token code 190', async () => {
    expect(errorCode(await create(valid(), ref.tokens['page']))).toBe(200);
    expect(errorCode(await create(valid(), ''))).toBe(190);
  });
});

describe('GET /{template_id} and the account list', () => {
  it('reads a template with typed fields; fields= picks them', async () => {
    const query = { access_token: msgapp() };
    const [first] = (await call(ref, 'GET', `/${WABA}/message_templates`, { query })).body.data;
    const { body: template } = await readTemplate(first.id);
    expect(template).toMatchObject({ id: first.id, name: expect.any(String), language: expect.any(String) });
    expect(STATUSES).toContain(template.status);
    expect(Array.isArray(template.components)).toBe(true);
    expect(['NAMED', 'POSITIONAL']).toContain(template.parameter_format.toUpperCase());
    const picked = await readTemplate(first.id, msgapp(), { fields: 'name,quality_score' });
    expect(Object.keys(picked.body).sort()).toEqual(['id', 'name', 'quality_score']);
  });

  it('refuses a Page token for template read (R42)', async () => {
    const id = (await create(valid())).body.id;
    expect(errorCode(await readTemplate(id, ref.tokens['page']))).toBe(200);
    expect(errorCode(await readTemplate(id, ref.tokens['user']))).toBe(200);
  });
});

describe('POST /{template_id}', () => {
  it('updates: {success, id, name, category}, and checks components as on create', async () => {
    const id = (await create(valid())).body.id;
    const update = (json: Record<string, unknown>) =>
      call(ref, 'POST', `/v25.0/${id}?access_token=${msgapp()}`, { json });
    const answer = await update({ category: 'MARKETING', components: [body('New text.')] });
    expect(answer.body).toEqual({ success: true, id, name: 'order_thanks', category: 'MARKETING' });
    const short = { type: 'PHONE_NUMBER', text: 'c', phone_number: '12' };
    const phone = [body('b'), { type: 'BUTTONS', buttons: [short] }];
    expect(errorCode(await update({ components: phone }))).toBe(192);
    expect(errorCode(await update({ category: 'GOSSIP' }))).toBe(100);
    const [exchange] = cassette('templates/update_a_template_with_components_and_category.yml');
    expect((await update(JSON.parse(exchange.request.body.string))).body.success).toBe(true);
  });
});

describe('DELETE /{waba}/message_templates', () => {
  const remove = (query: Record<string, string>) =>
    call(ref, 'DELETE', `/v25.0/${WABA}/message_templates`, { query: { access_token: msgapp(), ...query } });
  const listed = async (): Promise<string[]> => {
    const query = { access_token: msgapp() };
    const { body: list } = await call(ref, 'GET', `/${WABA}/message_templates`, { query });
    return list.data.map((t: { id: string }) => t.id);
  };

  it('deletes by name in every language; reading it then gives status DELETED (R25)', async () => {
    const en = (await create(valid())).body.id;
    const nl = (await create({ ...valid(), language: 'nl' })).body.id;
    expect((await remove({ name: 'order_thanks' })).body).toEqual({ success: true });
    expect(await status(en)).toBe('DELETED');
    expect(await status(nl)).toBe('DELETED');
    expect(await listed()).not.toContain(en);
  });

  it('deletes one by hsm_id with name, and several by hsm_ids', async () => {
    const a = (await create(valid())).body.id;
    const b = (await create({ ...valid(), name: 'b' })).body.id;
    const c = (await create({ ...valid(), name: 'c' })).body.id;
    expect(errorCode(await remove({ hsm_id: a }))).toBe(100);
    expect((await remove({ hsm_id: a, name: 'order_thanks' })).body.success).toBe(true);
    expect((await remove({ hsm_ids: JSON.stringify([b, c]) })).body.success).toBe(true);
    for (const id of [a, b, c]) expect(await status(id)).toBe('DELETED');
  });

  it('refuses to delete nothing or what does not exist, changing nothing', async () => {
    const before = await listed();
    expect(errorCode(await remove({}))).toBe(100);
    expect(errorCode(await remove({ name: 'no_such_template' }))).toBe(100);
    expect(errorCode(await remove({ name: 'hello_world', access_token: '' }))).toBe(190);
    expect(await listed()).toEqual(before);
  });

  it('accepts the recorded delete requests (ruby_whatsapp_sdk cassettes)', async () => {
    const created = (await create({ ...valid(), name: 'seasonal_promotion' })).body.id;
    await create({ ...valid(), name: 'seasonal_promotion' });
    for (const file of ['delete_template_by_id.yml', 'delete_template_by_name.yml']) {
      const [exchange] = cassette(`templates/${file}`);
      const query = Object.fromEntries(new URL(exchange.request.uri).searchParams);
      if (query['hsm_id']) query['hsm_id'] = created;
      expect((await remove(query)).body).toEqual(JSON.parse(exchange.response.body.string));
    }
  });
});

interface Exchange {
  request: { uri: string; body: { string: string } };
  response: { body: { string: string } };
}

/** The first recorded exchange of a cassette, read in place from the shared real-world data. */
function cassette(path: string): [Exchange] {
  const url = join(REALWORLD, 'ruby_whatsapp_sdk/vcr_cassettes', path);
  const exchanges: Exchange[] = parse(readFileSync(url, 'utf8')).http_interactions;
  const [first] = exchanges;
  if (!first) throw new Error(`cassette ${path} holds no exchange`);
  return [first];
}
