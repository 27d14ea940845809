import { describe, expect, it } from 'vitest';
import { keyedHash } from '../../../harness/redaction/placeholder.js';
import { canonicalJson, canonicalValue, keyOf, lowerCaseHeaders, type MatchOptions, normalizeRequest, type RequestInput } from '../../../harness/replay/normalize-request.js';
import { SecretResolver } from '../../../harness/replay/secret-resolver.js';

// What replay compares of a request: two requests a target cannot tell apart get one key, two it can get two.

const NO_SECRETS = new SecretResolver(undefined, {});

function request(target: string, extra: Partial<RequestInput> = {}): RequestInput {
  return { method: 'GET', target, headers: {}, body: Buffer.alloc(0), ...extra };
}

function form(target: string, body: string, method = 'POST'): RequestInput {
  return request(target, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from(body) });
}

function json(target: string, value: string): RequestInput {
  return request(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from(value) });
}

const keyOfRequest = (input: RequestInput, options: MatchOptions = {}, resolver = NO_SECRETS) => normalizeRequest(input, resolver, options).key;

describe('requests a target cannot tell apart share a key', () => {
  it.each<[string, RequestInput, RequestInput, MatchOptions?]>([
    ['query parameters in another order', request('/v25.0/1/feed?limit=2&fields=id'), request('/v25.0/1/feed?fields=id&limit=2')],
    ['the method in lower case', request('/v25.0/1/feed', { method: 'get' }), request('/v25.0/1/feed')],
    ['an absolute URL and its path', request('http://127.0.0.1:4010/v25.0/1/feed?limit=2'), request('/v25.0/1/feed?limit=2')],
    ['a percent-encoded path and the decoded one', request('/v25.0/1_2/comments'), request('/v25.0/1%5F2/comments')],
    ['a fragment and none', request('/v25.0/1/feed?limit=2#top'), request('/v25.0/1/feed?limit=2')],
    ['a token as a Bearer header and as access_token', request('/v25.0/me', { headers: { authorization: 'Bearer EAAtok' } }), request('/v25.0/me?access_token=EAAtok')],
    ['a token as an OAuth header and as access_token', request('/v25.0/me', { headers: { authorization: 'OAuth EAAtok' } }), request('/v25.0/me?access_token=EAAtok')],
    ['JSON bodies with their keys in another order', json('/v25.0/1/feed', '{"message":"hi","published":false}'), json('/v25.0/1/feed', '{ "published": false, "message": "hi" }')],
    ['form fields in another order', form('/v25.0/1/feed', 'message=hi&published=false'), form('/v25.0/1/feed', 'published=false&message=hi')],
    ['a JSON-looking parameter written two ways', request('/v25.0/1/feed?targeting=%7B%22a%22%3A1%2C%22b%22%3A2%7D'), request('/v25.0/1/feed?targeting=%7B%22b%22%3A2%2C%22a%22%3A1%7D')],
    ['an appsecret_proof and none (it is derived, never compared)', request('/v25.0/me?access_token=t&appsecret_proof=abc'), request('/v25.0/me?access_token=t')],
    ['two API versions, when versions are ignored', request('/v24.0/1/feed'), request('/v25.0/1/feed'), { ignoreVersion: true }],
    ['a path under the recorded base path and the bare path', request('/graph/v25.0/1/feed'), request('/v25.0/1/feed'), { basePath: '/graph' }],
  ])('%s', (_, a, b, options = {}) => {
    expect(keyOfRequest(a, options)).toBe(keyOfRequest(b, options));
  });
});

describe('requests a target can tell apart get two keys', () => {
  it.each<[string, RequestInput, RequestInput, MatchOptions?]>([
    ['another method', request('/v25.0/1/feed', { method: 'POST' }), request('/v25.0/1/feed')],
    ['another path', request('/v25.0/1/feed'), request('/v25.0/2/feed')],
    ['another parameter value', request('/v25.0/1/feed?limit=2'), request('/v25.0/1/feed?limit=3')],
    ['a parameter more', request('/v25.0/1/feed?limit=2&after=x'), request('/v25.0/1/feed?limit=2')],
    ['another token', request('/v25.0/me?access_token=one'), request('/v25.0/me?access_token=two')],
    ['another JSON body', json('/v25.0/1/feed', '{"message":"hi"}'), json('/v25.0/1/feed', '{"message":"ho"}')],
    ['two API versions, when versions count', request('/v24.0/1/feed'), request('/v25.0/1/feed')],
    ['a repeated parameter and one sent once', request('/v25.0/x?ids=1&ids=2'), request('/v25.0/x?ids=1')],
  ])('%s', (_, a, b, options = {}) => {
    expect(keyOfRequest(a, options)).not.toBe(keyOfRequest(b, options));
  });
});

describe('normalizeRequest', () => {
  it('sorts the parameters by name and keeps the path without its query', () => {
    const normal = normalizeRequest(request('/v25.0/1/feed?limit=2&fields=id,message&after=c1'), NO_SECRETS);
    expect(normal).toMatchObject({ method: 'GET', path: '/v25.0/1/feed', params: [['after', 'c1'], ['fields', 'id,message'], ['limit', '2']] });
    expect(normal.key).toBe(keyOf('GET', '/v25.0/1/feed', normal.params));
  });

  it('keeps a Bearer token out when access_token is sent too: the parameter is what the target reads', () => {
    const normal = normalizeRequest(request('/v25.0/me?access_token=param', { headers: { authorization: 'Bearer header' } }), NO_SECRETS);
    expect(normal.params).toEqual([['access_token', 'param']]);
  });

  it('compares a body too large to hold by its size and hash', () => {
    const big = request('/v25.0/1/photos?published=false', { method: 'POST', bodyTooLarge: { size: 20_000_000, sha256: 'ab12', limit: 16_777_216 } });
    expect(normalizeRequest(big, NO_SECRETS).params).toEqual([['(body)', '20000000 bytes sha256:ab12'], ['published', 'false']]);
  });

  it('an ignored version leaves the root path for a bare version', () => {
    expect(normalizeRequest(request('/v25.0'), NO_SECRETS, { ignoreVersion: true }).path).toBe('/');
    expect(normalizeRequest(request('/v25.0/'), NO_SECRETS, { ignoreVersion: true }).path).toBe('/');
    // Only a whole version segment is one: /v25.0x is a path of its own.
    expect(normalizeRequest(request('/v25.0x/me'), NO_SECRETS, { ignoreVersion: true }).path).toBe('/v25.0x/me');
  });

  it('compares a malformed percent escape as sent', () => {
    expect(normalizeRequest(request('/v25.0/%E0%A4%A/feed'), NO_SECRETS).path).toBe('/v25.0/%E0%A4%A/feed');
  });
});

describe('secrets become the placeholder the cassette stored for them', () => {
  const SALT = 'salt-1';
  const resolver = new SecretResolver(SALT, {
    'redacted-access_token-1': { hash: keyedHash(SALT, 'EAAreal') },
    'redacted-app_secret-1': { hash: keyedHash(SALT, 'app-secret-9') },
  });

  it('a token sent where one was recorded, in a parameter or a header, and carries the real value', () => {
    const carried = new Map<string, string>();
    const normal = normalizeRequest(request('/v25.0/me', { headers: { authorization: 'Bearer EAAreal' } }), resolver, {}, carried);
    expect(normal.params).toEqual([['access_token', 'redacted-access_token-1']]);
    expect([...carried]).toEqual([['redacted-access_token-1', 'EAAreal']]);
    expect(normal.key).toBe(keyOfRequest(request('/v25.0/me?access_token=EAAreal'), {}, resolver));
  });

  it('a placeholder sent as it stands matches the secret it names', () => {
    expect(keyOfRequest(request('/v25.0/me?access_token=redacted-access_token-1'), {}, resolver)).toBe(keyOfRequest(request('/v25.0/me?access_token=EAAreal'), {}, resolver));
  });

  it('a secret in a path segment, or under another parameter name', () => {
    expect(normalizeRequest(request('/v25.0/app-secret-9/x'), resolver).path).toBe('/v25.0/redacted-app_secret-1/x');
    expect(normalizeRequest(request('/oauth/access_token?client_id=app-secret-9'), resolver).params).toEqual([['client_id', 'redacted-app_secret-1']]);
  });

  it('an unknown token stays itself: it matches nothing recorded', () => {
    expect(normalizeRequest(request('/v25.0/me?access_token=EAAother'), resolver).params).toEqual([['access_token', 'EAAother']]);
  });

  it('an appsecret_proof is carried under any placeholder of its kind, and not compared', () => {
    const carried = new Map<string, string>();
    const normal = normalizeRequest(request('/v25.0/me?access_token=EAAreal&appsecret_proof=p1'), resolver, {}, carried);
    expect(normal.params.map(([name]) => name)).toEqual(['access_token']);
    expect(carried.get('redacted-appsecret_proof-*')).toBe('p1');
  });
});

describe('canonical JSON', () => {
  it.each<[string, unknown, string]>([
    ['object keys sorted, at every depth', { b: 1, a: { d: [2, 1], c: null } }, '{"a":{"c":null,"d":[2,1]},"b":1}'],
    ['arrays keep their order', [3, 1, 2], '[3,1,2]'],
    ['strings escaped as JSON', 'a"b', '"a\\"b"'],
    ['undefined as null', undefined, 'null'],
    ['an empty object', {}, '{}'],
    ['an undefined member as null', { b: undefined, a: [undefined] }, '{"a":[null],"b":null}'],
  ])('%s', (_, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('writes the same data the same way whatever order its keys came in, integer-like and `__proto__` keys too', () => {
    const one = JSON.parse('{"10":1,"9":{"y":2,"__proto__":3,"x":[{"b":1,"a":2}]},"a":"\u2028"}') as unknown;
    const other = JSON.parse('{"a":"\u2028","9":{"x":[{"a":2,"b":1}],"__proto__":3,"y":2},"10":1}') as unknown;
    expect(canonicalJson(one)).toBe(canonicalJson(other));
    expect(canonicalJson(one)).toContain('"__proto__":3');
    expect(JSON.parse(canonicalJson(one))).toEqual(one);
  });

  it.each<[string, unknown, string]>([
    ['a plain word unchanged', 'hello', 'hello'],
    ['JSON object text by its meaning', '{"b":2,"a":1}', '{"a":1,"b":2}'],
    ['JSON array text with a leading space', ' [1, 2]', '[1,2]'],
    ['text that only looks like JSON, unchanged', '{not json', '{not json'],
    ['a number as text', 7, '7'],
    ['an object as canonical JSON', { z: 1, y: 2 }, '{"y":2,"z":1}'],
  ])('a parameter value: %s', (_, value, text) => {
    expect(canonicalValue(value)).toBe(text);
  });
});

describe('recorded headers', () => {
  it('are lowered by name, values kept', () => {
    expect(lowerCaseHeaders({ Authorization: 'Bearer X', 'Content-Type': ['a/b', 'c/d'] })).toEqual({ authorization: 'Bearer X', 'content-type': ['a/b', 'c/d'] });
  });
});
