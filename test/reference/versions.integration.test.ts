import { describe, expect, it } from 'vitest';
import { call, control, errorCode, useReference } from '../helpers/reference/reference-client.js';

const ref = useReference();

const read = (prefix: string) =>
  call(ref, 'GET', `${prefix}/${ref.pageId}/feed`, {
    query: { access_token: ref.tokens['page'] ?? '', limit: 3 },
  });

const served = async (prefix: string) => (await read(prefix)).headers.get('x-graph-version');

describe('versions', () => {
  it('reaches the same operation with and without a version prefix', async () => {
    const bare = await read('');
    const versioned = await read('/v25.0');
    expect(bare.status).toBe(200);
    expect(versioned.body.data).toEqual(bare.body.data);
  });

  it('serves usable versions as named, unversioned calls by app_default, expired by the next usable', async () => {
    expect(await served('/v23.0')).toBe('v23.0');
    await control(ref, 'POST', '/reset');
    expect(await served('')).toBe('v24.0');
    expect(await served('/v21.0')).toBe('v23.0');
    expect(await served('/v22.0')).toBe('v23.0');
    expect((await read('/v21.0')).status).toBe(200);
  });

  it('refuses a version that never existed, with the header still present', async () => {
    for (const version of ['/v99.0', '/v24.5', '/v2.11', '/v25']) {
      const answer = await read(version);
      expect(errorCode(answer)).toBe(100);
      expect(answer.headers.get('x-graph-version')).toBeTruthy();
    }
  });

  it('puts the served header on errors and on unknown paths too', async () => {
    const answer = await call(ref, 'GET', '/v25.0/nothing/here');
    expect(errorCode(answer)).toBe(100);
    expect(answer.headers.get('x-graph-version')).toBe('v25.0');
  });

  it('refuses usable versions older than the first one called, never unversioned calls', async () => {
    expect((await read('/v24.0')).status).toBe(200);
    expect((await read('/v25.0')).status).toBe(200);
    const older = await read('/v23.0');
    expect(errorCode(older)).toBe(100);
    expect(older.body.error.message).toContain('v24.0');
    expect((await read('/v24.0')).status).toBe(200);
    expect((await read('')).status).toBe(200);
  });

  it('forgets the history on reset', async () => {
    await read('/v25.0');
    expect(errorCode(await read('/v23.0'))).toBe(100);
    await control(ref, 'POST', '/reset');
    expect((await read('/v23.0')).status).toBe(200);
  });

  it('leaves the authorization window out of the history', async () => {
    const query = new URLSearchParams({
      client_id: ref.appId,
      redirect_uri: 'https://app.example/callback',
      response_type: 'code',
      scope: 'imgnet_basic',
    });
    expect((await call(ref, 'GET', `/v25.0/oauth/authorize?${query}`)).status).toBe(200);
    expect((await read('/v23.0')).status).toBe(200);
    expect((await call(ref, 'GET', `/v23.0/oauth/authorize?${query}`)).status).toBe(200);
  });
});
