import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, control, errorCode, type Ref, start } from '../../helpers/reference/reference-client.js';
import { repoPath } from '../../helpers/paths.js';

const TEST_CA = `-----BEGIN CERTIFICATE-----
MIIBkjCCATegAwIBAgIUcROLGbamA90jGdDqoJuTmQ1Ll78wCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSZ3JhcGhjaGVjayB0ZXN0IENBMCAXDTI2MTEyMjA0NTEwOFoY
DzIxMjYxMDI5MDQ1MTA4WjAdMRswGQYDVQQDDBJncmFwaGNoZWNrIHRlc3QgQ0Ew
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASfuVgqY1GJAakosDAs6t6Rk0vDR54E
tnQaz/cKakmykwEBjh5iQU8onWmuo8TllUa5cSDt7wHQQwWvwcrAdDG+o1MwUTAd
BgNVHQ4EFgQUtnEQ6mRlJZ1Y5MEG3BYLc06kGWQwHwYDVR0jBBgwFoAUtnEQ6mRl
JZ1Y5MEG3BYLc06kGWQwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBG
AiEA/7s8h2MCGqGJbpSW+WUmMGX5X4F/IAvgk90LMAK+4cICIQCrZ5xFvxMINmk0
0BHd5qlHt4TH+tFSc5mbiGQE2kusgw==
-----END CERTIFICATE-----
`;

let ref: Ref;
beforeAll(async () => {
  ref = await start();
});
afterAll(() => ref.close());

const feedCount = async (): Promise<number> => {
  let count = 0;
  let next: string | undefined = `/${ref.pageId}/feed?limit=100&access_token=${ref.tokens['page']}`;
  while (next) {
    const page = await call(ref, 'GET', next);
    count += page.body.data.length;
    next = page.body.paging.next;
  }
  return count;
};

describe('control protocol', () => {
  it('serves the profile handed back by startReference, valid against the contract 1 schema', async () => {
    const answer = await control(ref, 'GET', '/profile');
    expect(answer.body).toEqual(ref.profile);
    const schema = JSON.parse(
      readFileSync(repoPath('schemas', 'profile.schema.json'), 'utf8'),
    );
    // The profile schema's lists are in the vocabulary schema it refers to (`npm run regen` writes it).
    const vocabulary = JSON.parse(readFileSync(repoPath('schemas', 'profile-vocabulary.schema.json'), 'utf8'));
    const validate = new Ajv({ strict: false }).addSchema(vocabulary).compile(schema);
    expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
    expect(answer.body).toMatchObject({
      base_url: ref.url,
      control_url: `${ref.url}/_control`,
      versions: { latest: 'v25.0', usable: ['v23.0', 'v24.0', 'v25.0'], expired: ['v21.0', 'v22.0'] },
      app: { id: '1000001', live: true },
      capabilities: ['profile', 'reset', 'clock', 'authorize', 'events', 'trust', 'app', 'deliveries', 'sessions'],
    });
    expect(Object.keys(answer.body.tokens).sort()).toEqual([
      'msgapp',
      'page',
      'page_no_manage_posts',
      'page_no_moderate',
      'user',
    ]);
  });

  it('keeps a virtual clock that moves only on request', async () => {
    const start = (await control(ref, 'GET', '/clock')).body.now;
    expect(start).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect((await control(ref, 'POST', '/clock', { advance_seconds: 90 })).body).toEqual({ now: start + 90 });
    expect((await control(ref, 'GET', '/clock')).body.now).toBe(start + 90);
    for (const bad of [-1, 'ten', null]) {
      const answer = await control(ref, 'POST', '/clock', { advance_seconds: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain('advance_seconds');
    }
  });

  it('resets state and clock, but the Live setting survives', async () => {
    const before = await feedCount();
    await call(ref, 'POST', `/${ref.pageId}/feed`, {
      form: { access_token: ref.tokens['page'] ?? '', message: 'x' },
    });
    expect(await feedCount()).toBe(before + 1);
    await control(ref, 'POST', '/clock', { advance_seconds: 5000 });
    expect((await control(ref, 'POST', '/app', { live: false })).body).toEqual({ ok: true });
    expect((await control(ref, 'POST', '/reset')).body).toEqual({ ok: true });
    expect(await feedCount()).toBe(before);
    expect((await control(ref, 'GET', '/clock')).body.now).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect((await control(ref, 'GET', '/profile')).body.app.live).toBe(false);
    await control(ref, 'POST', '/app', { live: true });
    expect((await control(ref, 'GET', '/profile')).body.app.live).toBe(true);
  });

  it('takes a CA certificate to trust and refuses what is not one', async () => {
    expect((await control(ref, 'POST', '/trust', { ca_pem: TEST_CA })).body).toEqual({ ok: true });
    expect((await control(ref, 'POST', '/trust', { ca_pem: 'hello' })).status).toBe(400);
    const broken = TEST_CA.replace('MIIB', 'XXXX');
    expect((await control(ref, 'POST', '/trust', { ca_pem: broken })).status).toBe(400);
  });

  it('accepts events one by one or as updates, and lists deliveries', async () => {
    const one = await control(ref, 'POST', '/events', {
      object: 'page',
      id: ref.pageId,
      field: 'feed',
      value: {},
    });
    expect(one.body).toEqual({ accepted: 1 });
    const updates = [1, 2, 3].map((n) => ({ object: 'page', id: ref.pageId, field: 'feed', value: { n } }));
    expect((await control(ref, 'POST', '/events', { updates })).body).toEqual({ accepted: 3 });
    expect((await control(ref, 'POST', '/events', { object: 'page' })).status).toBe(400);
    expect(Array.isArray((await control(ref, 'GET', '/deliveries')).body.data)).toBe(true);
  });

  it('answers unknown control paths and broken JSON as errors', async () => {
    expect((await control(ref, 'GET', '/nothing')).status).toBe(404);
    const broken = await fetch(`${ref.controlUrl}/app`, { method: 'POST', body: '{nope' });
    expect(broken.status).toBe(400);
    expect(errorCode({ ...(await call(ref, 'POST', '/_control/app', { json: [] })) })).toBe(100);
  });
});
