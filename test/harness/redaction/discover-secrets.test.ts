import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../harness/model/index.js';
import { discoverSecrets, type FoundSecret } from '../../../harness/redaction/discover-secrets.js';

// Where redaction finds the secrets an exchange carries: its parameters in every place a client sends them, its
// Authorization header, the URLs inside bodies and answers, JSON keys, and a target profile served whole.

function exchange(request: Partial<Exchange['request']> & { url: string }, response?: Partial<NonNullable<Exchange['response']>>): Exchange {
  return {
    request: { method: 'GET', headers: {}, ...request },
    ...(response ? { response: { status: 200, headers: {}, body: '', ...response } } : {}),
    startedAt: '',
    durationMs: 0,
  };
}

/** What was found, each once (a secret is often found twice: as a parameter and in the text around it), sorted. */
const found = (e: Exchange) => [...new Set(discoverSecrets(e).map(({ kind, value }: FoundSecret) => `${kind}=${value}`))].sort();

describe('secrets in a request', () => {
  it.each<[string, Exchange, string[]]>([
    ['an access token in the query', exchange({ url: 'http://t/me?access_token=EAAq&limit=2' }), ['access_token=EAAq']],
    ['a percent-encoded one, decoded', exchange({ url: 'http://t/me?access_token=a%7Cb' }), ['access_token=a|b']],
    ['every secret parameter, each as its kind', exchange({ url: 'http://t/oauth/access_token?client_secret=cs&code=c1&fb_exchange_token=fx&hub.verify_token=vt' }), ['client_secret=cs', 'code=c1', 'access_token=fx', 'verify_token=vt']],
    ['a parameter that only ends like one is none', exchange({ url: 'http://t/x?my_access_token=zz&foo=1' }), []],
    ['a value already redacted is not learnt again', exchange({ url: 'http://t/me?access_token=redacted-access_token-1' }), []],
    ['an empty value is none', exchange({ url: 'http://t/me?access_token=' }), []],
    ['a form body', exchange({ url: 'http://t/x', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'message=m&access_token=EAAf' }), ['access_token=EAAf']],
    ['a JSON body', exchange({ url: 'http://t/x', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"access_token":"EAAj","message":"m"}' }), ['access_token=EAAj']],
    ['a JSON `code` is a language, no secret', exchange({ url: 'http://t/x', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"language":{"code":"en_US"}}' }), []],
    ['a URL given as a value carries its own', exchange({ url: 'http://t/x?next=https%3A%2F%2Fh%2F%3Faccess_token%3DEAAn' }), ['access_token=EAAn']],
    ['a Bearer header is an access token', exchange({ url: 'http://t/me', headers: { Authorization: 'Bearer EAAh' } }), ['access_token=EAAh']],
    ['an OAuth header too', exchange({ url: 'http://t/me', headers: { authorization: 'OAuth EAAo' } }), ['access_token=EAAo']],
    ['another scheme is an authorization secret', exchange({ url: 'http://t/me', headers: { authorization: 'Basic dTpw' } }), ['authorization=dTpw']],
    ['a header of one word is a secret whole', exchange({ url: 'http://t/me', headers: { authorization: 'sekrit' } }), ['authorization=sekrit']],
    ['a redacted Bearer header is none', exchange({ url: 'http://t/me', headers: { authorization: 'Bearer redacted-access_token-2' } }), []],
  ])('%s', (_, e, secrets) => {
    expect(found(e)).toEqual([...secrets].sort());
  });

  it('a multipart field, even in a body cut off before its end', () => {
    const body = ['--B', 'Content-Disposition: form-data; name="access_token"', '', 'EAAm', '--B', 'Content-Disposition: form-data; name="source"; filename="x"', '', 'bytes'].join('\r\n');
    const cut = exchange({ url: 'http://t/x', method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=B' }, body });
    expect(found(cut)).toContain('access_token=EAAm');
  });
});

describe('secrets in an answer', () => {
  it.each<[string, Exchange, string[]]>([
    ['a token issued in JSON', exchange({ url: 'http://t/oauth/access_token' }, { body: '{"access_token":"EAAi","token_type":"bearer"}' }), ['access_token=EAAi']],
    ['a JSON-escaped URL holding a token (paging.next)', exchange({ url: 'http://t/feed' }, { body: '{"paging":{"next":"http:\\/\\/t\\/feed?access_token=EAAp&after=c"}}' }), ['access_token=EAAp']],
    ['a redirect carrying a code', exchange({ url: 'http://t/oauth/authorize' }, { status: 302, headers: { Location: 'https://app/cb?code=AQc#_' } }), ['code=AQc']],
    ['a client secret in JSON', exchange({ url: 'http://t/x' }, { body: '{"client_secret":"shh"}' }), ['client_secret=shh']],
    ['a code in an answer body is an error number, no secret', exchange({ url: 'http://t/x' }, { body: '{"error":{"code":"190"}}' }), []],
    ['an answer without any', exchange({ url: 'http://t/x' }, { body: '{"data":[]}' }), []],
  ])('%s', (_, e, secrets) => {
    expect(found(e)).toEqual([...secrets].sort());
  });

  it('a target profile served whole gives up every token and the app secret', () => {
    const profile = { contract: 1, base_url: 'http://t', tokens: { page: 'EAApage', user: 'EAAuser', empty: '' }, app: { id: '1', secret: 'app-secret', access_token: '1|app' } };
    expect(found(exchange({ url: 'http://t/control/profile' }, { body: JSON.stringify(profile) }))).toEqual(['access_token=1|app', 'access_token=EAApage', 'access_token=EAAuser', 'secret=app-secret']);
  });

  it('a document that only names tokens, without the profile shape, gives up none of them', () => {
    expect(found(exchange({ url: 'http://t/x' }, { body: '{"tokens":{"page":"EAA"}}' }))).toEqual([]);
  });
});
