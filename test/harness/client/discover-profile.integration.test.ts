import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discoverProfile } from '../../../harness/client/discover-profile.js';
import { UserInputError } from '../../../harness/errors.js';
import { type Elsewhere, type HostileMode, type HostileTarget, startElsewhere, startHostileTarget } from '../../helpers/hostile/hostile-target.js';

describe('a profile served by the target cannot steer the run', () => {
  let elsewhere: Elsewhere;
  let target: HostileTarget | undefined;
  beforeAll(async () => {
    elsewhere = await startElsewhere();
  });
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });
  afterAll(() => elsewhere.close());

  async function hostile(...modes: HostileMode[]): Promise<string> {
    target = await startHostileTarget(modes, elsewhere.url);
    return target.url;
  }

  it('takes a served profile whose addresses all share the --target origin', async () => {
    const url = await hostile();
    const profile = await discoverProfile(url, 5000);
    expect(profile.base_url).toBe(url);
    expect(profile.webhooks.receiver_host).toBe('127.0.0.1');
  });

  it('refuses auth_url, imgnet_base_url or control_url on another origin, before any request goes there', async () => {
    const url = await hostile('profile-elsewhere');
    const before = elsewhere.arrivals();
    const refused = discoverProfile(url, 5000);
    await expect(refused).rejects.toBeInstanceOf(UserInputError);
    await expect(refused).rejects.toMatchObject({ code: 'PROFILE_INVALID', exitCode: 2 });
    await expect(refused).rejects.toThrow(`${url}/_control/profile: the served profile puts auth_url on ${elsewhere.url}, another origin than --target ${url}`);
    await expect(refused).rejects.toThrow(`--allow-origin ${elsewhere.url}`);
    expect(elsewhere.arrivals() - before).toBe(0);
  });

  it('takes them when the user allowed that origin', async () => {
    const url = await hostile('profile-elsewhere');
    const profile = await discoverProfile(url, 5000, { allowOrigins: [elsewhere.url] });
    expect(profile.control_url).toBe(`${elsewhere.url}/_control`);
  });

  it('refuses a served receiver_host beyond loopback, unless the user chose where to listen', async () => {
    const url = await hostile('receiver-any');
    await expect(discoverProfile(url, 5000)).rejects.toThrow(/webhooks\.receiver_host to "0\.0\.0\.0".*--receiver-host ADDRESS/);
    const chosen = await discoverProfile(url, 5000, { receiverHost: '127.0.0.2' });
    expect(chosen.webhooks.receiver_host).toBe('127.0.0.2');
  });

  it('never names the userinfo of --target in what it reports', async () => {
    // The elsewhere server answers `{"data":[]}`, which is no profile: the refusal names the address it asked.
    const withUserinfo = elsewhere.url.replace('http://', 'http://someone:hunter2-pw@');
    const error = await discoverProfile(withUserinfo, 5000).catch((e: Error) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toContain(`${elsewhere.url}/_control/profile`);
    expect((error as Error).message).not.toContain('hunter2-pw');
  });
});
