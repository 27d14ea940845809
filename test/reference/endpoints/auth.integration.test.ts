import { describe, expect, it } from 'vitest';
import { call, control, errorCode, useReference } from '../../helpers/reference/reference-client.js';

const ref = useReference();

const CALLBACK = 'https://app.example/callback';
const valid = (): Record<string, string> => ({
  client_id: ref.appId,
  redirect_uri: CALLBACK,
  response_type: 'code',
  scope: 'imgnet_basic,pages_show_list',
});

const window = (query: Record<string, string>) =>
  call(ref, 'GET', `/oauth/authorize?${new URLSearchParams(query)}`);

async function allow(query: Record<string, string> = valid()): Promise<string> {
  const answer = await control(ref, 'POST', '/authorize', { query, decision: 'allow' });
  expect(answer.status).toBe(200);
  return answer.body.location;
}

const codeOf = (location: string): string => new URL(location).searchParams.get('code') ?? '';

const exchange = (code: string, overrides: Record<string, string> = {}) =>
  call(ref, 'GET', '/oauth/access_token', {
    query: { client_id: ref.appId, client_secret: ref.appSecret, redirect_uri: CALLBACK, code, ...overrides },
  });

describe('authorization window', () => {
  it('shows an HTML page for a valid request, also under a version prefix', async () => {
    const page = await window({ ...valid(), state: 'xyz' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('imgnet_basic');
    const versioned = await call(ref, 'GET', `/v25.0/oauth/authorize?${new URLSearchParams(valid())}`);
    expect(versioned.status).toBe(200);
  });

  it('answers every invalid request with the error envelope, status 400', async () => {
    const cases: Record<string, string>[] = [];
    for (const key of ['client_id', 'redirect_uri', 'response_type', 'scope']) {
      const query = valid();
      delete query[key];
      cases.push(query);
    }
    cases.push({ ...valid(), client_id: '999' }, { ...valid(), response_type: 'token' });
    cases.push({ ...valid(), scope: 'pages_show_list' });
    for (const redirect of [`${CALLBACK}/`, CALLBACK.toUpperCase(), 'https://app.example:444/callback']) {
      cases.push({ ...valid(), redirect_uri: redirect });
    }
    cases.push({ ...valid(), redirect_uri: 'https://app.example/other' });
    for (const query of cases) {
      const answer = await window(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(errorCode(answer)).toBe(100);
      const control400 = await control(ref, 'POST', '/authorize', { query, decision: 'allow' });
      expect(control400.status).toBe(400);
      expect(control400.body.error.code).toBe(100);
    }
  });

  it('accepts scope comma-separated, space-separated (%20 or +), and the business basic permission', async () => {
    for (const raw of ['scope=imgnet_basic%20pages_show_list', 'scope=pages_show_list+imgnet_basic']) {
      const rest = new URLSearchParams({ ...valid(), scope: '' }).toString().replace('scope=', raw);
      expect((await call(ref, 'GET', `/oauth/authorize?${rest}`)).status).toBe(200);
    }
    expect((await window({ ...valid(), scope: 'imgnet_business_basic' })).status).toBe(200);
  });

  it('accepts the other registered URI exactly as registered, with its trailing slash', async () => {
    expect((await window({ ...valid(), redirect_uri: 'https://app.example/other/' })).status).toBe(200);
  });
});

describe('authorize control', () => {
  it('redirects with code, then state, then the #_ marker on allow', async () => {
    const state = 'a b&c=d/é';
    const location = await allow({ ...valid(), state });
    expect(location.startsWith(`${CALLBACK}?code=`)).toBe(true);
    expect(location.endsWith('#_')).toBe(true);
    expect(location).toContain(`&state=${encodeURIComponent(state)}#_`);
    const url = new URL(location);
    expect(url.searchParams.get('state')).toBe(state);
    expect(codeOf(location)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(url.hash).toBe('#_');
  });

  it('redirects with the access_denied triple on deny, plus-joined, with state', async () => {
    const answer = await control(ref, 'POST', '/authorize', {
      query: { ...valid(), state: 's1' },
      decision: 'deny',
    });
    expect(answer.body.location).toBe(
      `${CALLBACK}?error=access_denied&error_reason=user_denied&error_description=Permissions+error&state=s1`,
    );
  });

  it('refuses a decision other than allow or deny', async () => {
    expect((await control(ref, 'POST', '/authorize', { query: valid(), decision: 'maybe' })).status).toBe(
      400,
    );
  });
});

describe('code exchange', () => {
  it('gives a bearer token for the code, usable as a token of the granted scope', async () => {
    const answer = await exchange(codeOf(await allow()));
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    const feed = await call(ref, 'GET', `/${ref.pageId}/feed`, {
      query: { access_token: answer.body.access_token },
    });
    expect(errorCode(feed)).toBe(200);
  });

  it('works under a version prefix and refuses a second exchange', async () => {
    const code = codeOf(await allow());
    const first = await call(ref, 'GET', '/v25.0/oauth/access_token', {
      query: { client_id: ref.appId, client_secret: ref.appSecret, redirect_uri: CALLBACK, code },
    });
    expect(first.status).toBe(200);
    expect(errorCode(await exchange(code))).toBe(100);
  });

  it('refuses the code with #_ still attached, and wrong secret or redirect_uri', async () => {
    const code = codeOf(await allow());
    expect(errorCode(await exchange(`${code}#_`))).toBe(100);
    expect(await exchange(code, { client_secret: 'wrong' })).toMatchObject({ status: 400 });
    expect(errorCode(await exchange(code, { redirect_uri: 'https://app.example/other/' }))).toBe(100);
    expect(errorCode(await exchange(code, { client_id: '42' }))).toBe(100);
    expect((await exchange(code)).status).toBe(200);
  });

  it('expires a code more than an hour after issue on the virtual clock', async () => {
    const fresh = codeOf(await allow());
    const stale = codeOf(await allow());
    await control(ref, 'POST', '/clock', { advance_seconds: 3599 });
    expect((await exchange(fresh)).status).toBe(200);
    await control(ref, 'POST', '/clock', { advance_seconds: 2 });
    expect(errorCode(await exchange(stale))).toBe(100);
  });

  it('lets exactly one of many concurrent exchanges of one code succeed', async () => {
    const code = codeOf(await allow());
    const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('issues different codes each time, and the same ones again after reset', async () => {
    const a = codeOf(await allow());
    const b = codeOf(await allow());
    expect(a).not.toBe(b);
    await control(ref, 'POST', '/reset');
    expect(codeOf(await allow())).toBe(a);
  });
});
