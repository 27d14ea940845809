import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../harness/client/discover-profile.js';
import { OriginPolicy } from '../../../harness/client/origin-policy.js';
import { withoutUserinfo } from '../../../harness/http/without-userinfo.js';
import { ForeignOriginError } from '../../../harness/errors.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import { minimalProfile } from '../../helpers/bad-targets.js';

const profile = validateProfile(
  minimalProfile('http://127.0.0.1:8080/graph', { auth_url: 'https://auth.example', control_url: 'http://127.0.0.1:9000/_control' }),
  'test profile',
);

function refusal(policy: OriginPolicy, url: string, request: { link?: string; carriesToken?: boolean } = {}): ForeignOriginError {
  try {
    policy.check(url, { method: 'GET', ...request });
  } catch (error) {
    if (error instanceof ForeignOriginError) return error;
    throw error;
  }
  throw new Error(`${url} was allowed`);
}

describe('OriginPolicy', () => {
  const policy = OriginPolicy.forProfile(profile);

  it("allows the origins of the profile's addresses, whatever the path or userinfo", () => {
    expect(policy.allows('http://127.0.0.1:8080/elsewhere/v25.0/me?access_token=x')).toBe(true);
    expect(policy.allows('https://auth.example:443/dialog/oauth')).toBe(true);
    expect(policy.allows('http://127.0.0.1:9000/_control/reset')).toBe(true);
    expect(policy.allows('http://user:pw@127.0.0.1:8080/')).toBe(true);
  });

  it('refuses another host, another port and another scheme alike', () => {
    expect(policy.allows('http://127.0.0.2:8080/')).toBe(false);
    expect(policy.allows('http://127.0.0.1:8081/')).toBe(false);
    expect(policy.allows('https://127.0.0.1:8080/')).toBe(false);
    expect(policy.allows('http://auth.example/')).toBe(false);
    expect(policy.allows('file:///etc/passwd')).toBe(false);
    expect(policy.allows('not a url')).toBe(false);
  });

  it('allows what the user allowed and the servers added with `with`', () => {
    expect(OriginPolicy.forProfile(profile, ['https://cdn.example/any/path']).allows('https://cdn.example/p.png')).toBe(true);
    expect(policy.with('http://127.0.0.1:7000').allows('http://127.0.0.1:7000/images/a.png')).toBe(true);
  });

  it('makes a finding of a link that would carry a token, and names it, the origin and the flag', () => {
    const error = refusal(policy, 'http://other.example:81/v25.0/2000001/feed?after=x&access_token=secret-token', {
      link: 'paging.next',
      carriesToken: true,
    });
    expect(error.isFinding).toBe(true);
    expect(error.code).toBe('FOREIGN_ORIGIN');
    expect(error.message).toBe(
      "paging.next leads to http://other.example:81/v25.0/2000001/feed, another origin than the target's http://127.0.0.1:8080; " +
        'graphcheck does not follow it (--allow-origin http://other.example:81 would let it)',
    );
    expect(error.message).not.toContain('secret-token');
  });

  it('leaves a tokenless link, or a request the suite built, unjudged rather than failed', () => {
    expect(refusal(policy, 'https://cdn.example/p.png', { link: 'captured.picture', carriesToken: false }).isFinding).toBe(false);
    const built = refusal(policy, 'http://127.0.0.2:8080/v25.0/me', { carriesToken: true });
    expect(built.isFinding).toBe(false);
    expect(built.message).toMatch(/^GET http:\/\/127\.0\.0\.2:8080\/v25\.0\/me: http:\/\/127\.0\.0\.2:8080 is not an origin this run was given/);
  });

  it('offline, sends to the replay server alone; the recorded origins are the cassette\'s to answer, never a finding', () => {
    const offline = OriginPolicy.offline('http://127.0.0.1:5555', profile);
    expect(offline.allows('http://127.0.0.1:5555/v25.0/me')).toBe(true);
    expect(offline.allows('http://127.0.0.1:8080/v25.0/me')).toBe(false);
    const auth = refusal(offline, 'https://auth.example/dialog/oauth', { carriesToken: true });
    expect(auth.isFinding).toBe(false);
    expect(auth.message).toContain('an offline repeat makes no network request');
    const recordedLink = refusal(offline, 'http://127.0.0.1:9000/x', { link: 'paging.next', carriesToken: true });
    expect(recordedLink.isFinding).toBe(false);
    // A link the recorded run would have refused too stays the finding it was live.
    expect(refusal(offline, 'http://other.example/x', { link: 'paging.next', carriesToken: true }).isFinding).toBe(true);
  });

  it('keeps userinfo out of the refused URL', () => {
    const error = refusal(policy, 'http://me:pw@other.example/x', { link: 'paging.next', carriesToken: true });
    expect(error.url).toBe('http://other.example/x');
    expect(withoutUserinfo('https://a:b@h.example:8443/p?q=1')).toBe('https://h.example:8443/p?q=1');
  });
});

describe('isLoopbackHost', () => {
  it('takes localhost, 127.0.0.0/8 and ::1 in any spelling, nothing else', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.8.7', '::1', '[::1]', '0:0:0:0:0:0:0:1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com', '::ffff:10.0.0.1', '']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
