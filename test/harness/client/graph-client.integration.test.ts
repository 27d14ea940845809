import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../harness/client/graph-client.js';
import { OriginPolicy } from '../../../harness/client/origin-policy.js';
import { send } from '../../../harness/client/send.js';
import { ControlClient } from '../../../harness/control/control-client.js';
import { ForeignOriginError } from '../../../harness/errors.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import type { Profile } from '../../../harness/profile/profile.js';
import { minimalProfile } from '../../helpers/bad-targets.js';
import { type Elsewhere, startElsewhere } from '../../helpers/hostile/hostile-target.js';

const TOKEN = 'planted-page-token-abc';

describe('the client and the control client send nowhere the policy does not allow', () => {
  let target: Elsewhere;
  let elsewhere: Elsewhere;
  let profile: Profile;
  beforeAll(async () => {
    // Two counting servers: the target the profile names, and one it does not.
    [target, elsewhere] = await Promise.all([startElsewhere(), startElsewhere()]);
    profile = validateProfile(minimalProfile(target.url, { capabilities: ['reset'] }), 'test profile');
  });
  afterAll(async () => {
    await Promise.all([target.close(), elsewhere.close()]);
  });

  async function refused(sending: Promise<unknown>): Promise<ForeignOriginError> {
    const error = await sending.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ForeignOriginError);
    return error as ForeignOriginError;
  }

  it('follows a link on the target with the token, and refuses one elsewhere before anything is sent', async () => {
    const client = new GraphClient({ profile, timeoutMs: 5000 });
    const own = await client.send({ method: 'GET', base: 'url', path: `${target.url}/v25.0/me?after=1`, version: null, token: TOKEN });
    expect(own.exchange.request.url).toContain(`access_token=${TOKEN}`);
    const error = await refused(
      client.send({ method: 'GET', base: 'url', path: `${elsewhere.url}/v25.0/me?after=1`, version: null, token: TOKEN, link: 'paging.next' }),
    );
    expect(error.isFinding).toBe(true);
    expect(error.url).toBe(`${elsewhere.url}/v25.0/me?after=1`);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(TOKEN);
    expect(elsewhere.arrivals()).toBe(0);
  });

  it('refuses a link elsewhere even without a token, and a step that asks for another origin outright', async () => {
    const client = new GraphClient({ profile, timeoutMs: 5000 });
    const tokenless = await refused(client.send({ method: 'GET', base: 'url', path: `${elsewhere.url}/p.png`, version: null, token: null }));
    expect(tokenless.isFinding).toBe(false);
    const body = await refused(
      client.send({ method: 'POST', base: 'url', path: `${elsewhere.url}/feed`, version: null, token: TOKEN, tokenIn: 'body', link: 'captured.next' }),
    );
    expect(body.isFinding).toBe(true);
    expect(elsewhere.arrivals()).toBe(0);
  });

  it('holds for a policy narrower than the profile: an offline repeat sends nothing to a recorded auth_url', async () => {
    const withAuth = { ...profile, auth_url: elsewhere.url };
    const client = new GraphClient({ profile: withAuth, timeoutMs: 5000, origins: OriginPolicy.offline(target.url, withAuth) });
    const error = await refused(client.send({ method: 'GET', base: 'auth', path: '/dialog/oauth', version: 'v25.0', token: null }));
    expect(error.message).toContain('an offline repeat makes no network request');
    expect(elsewhere.arrivals()).toBe(0);
  });

  it('the control client obeys the same policy', async () => {
    const steered = { ...profile, control_url: `${elsewhere.url}/_control` };
    const control = new ControlClient({ profile: steered, timeoutMs: 5000, origins: OriginPolicy.of([target.url]) });
    await refused(control.reset());
    expect(elsewhere.arrivals()).toBe(0);
  });

  it('send itself refuses, whoever calls it', async () => {
    await refused(send({ method: 'GET', url: `${elsewhere.url}/x`, headers: {}, timeoutMs: 5000, origins: OriginPolicy.of([target.url]) }));
    expect(elsewhere.arrivals()).toBe(0);
  });

  it('a link that is no URL cannot be judged, and crashes nothing', async () => {
    const client = new GraphClient({ profile, timeoutMs: 5000 });
    await expect(client.send({ method: 'GET', base: 'url', path: '::not a url', version: null, token: TOKEN, link: 'paging.next' })).rejects.toMatchObject({
      code: 'TARGET_GARBAGE',
    });
  });
});
