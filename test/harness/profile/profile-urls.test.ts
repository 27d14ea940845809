import { describe, expect, it } from 'vitest';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import { minimalProfile } from '../../helpers/bad-targets.js';

describe("a profile's addresses", () => {
  it('lose their userinfo as the profile is read: nothing after can show the password', () => {
    const profile = validateProfile(
      minimalProfile('http://someone:hunter2-pw@127.0.0.1:8080/graph', { control_url: 'https://ops:hunter2-pw@127.0.0.1:9000/_control' }),
      'profile.yaml',
    );
    expect(profile.base_url).toBe('http://127.0.0.1:8080/graph');
    expect(profile.auth_url).toBe('http://127.0.0.1:8080/graph');
    expect(profile.control_url).toBe('https://127.0.0.1:9000/_control');
    expect(JSON.stringify(profile)).not.toContain('hunter2-pw');
  });

  it('keep their text when they hold no userinfo', () => {
    expect(validateProfile(minimalProfile('http://127.0.0.1:8080'), 'profile.yaml').base_url).toBe('http://127.0.0.1:8080');
  });

  it('must be URLs: one the URL parser refuses is a profile error naming the key, not a crash later', () => {
    expect(() => validateProfile(minimalProfile('http://127.0.0.1:8080', { auth_url: 'http://exa mple:x/' }), 'profile.yaml')).toThrow(
      expect.objectContaining({ code: 'PROFILE_INVALID', message: expect.stringContaining('profile.yaml: /auth_url is not a URL') }),
    );
  });
});
