import { describe, expect, it } from 'vitest';
import { mismatches } from '../../../harness/checks/matchers.js';
import { paramMatches } from '../../../harness/checks/requests/param-matcher.js';
import type { Exchange } from '../../../harness/model/index.js';
import { matchesExchange } from '../../../harness/passive/match-exchange.js';
import { carriesNoToken, tokenOf } from '../../../harness/passive/request-token.js';
import type { ExchangeMatch } from '../../../harness/suite/suite.js';

// Which recorded exchanges a passive rule speaks about: by kind, method, path, version, outcome, credentials and
// the parameters sent, read from recorded requests of every shape.

function recorded(method: string, url: string, options: { status?: number; body?: unknown; form?: string; json?: string; headers?: Record<string, string>; kind?: Exchange['kind'] } = {}): { exchange: Exchange; body: unknown } {
  const { status = 200, body = { id: '1' }, form, json, headers = {}, kind } = options;
  const contentType = form !== undefined ? 'application/x-www-form-urlencoded' : json !== undefined ? 'application/json' : undefined;
  const exchange: Exchange = {
    ...(kind ? { kind } : {}),
    request: { method, url, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers }, ...(form ?? json ? { body: form ?? json } : {}) },
    response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
  return { exchange, body };
}

const matches = (match: ExchangeMatch, at: { exchange: Exchange; body: unknown }) => matchesExchange(match, at.exchange, at.body);
const FEED = 'http://t/v25.0/2000001/feed';

describe('a passive block matching recorded exchanges', () => {
  it.each<[string, ExchangeMatch, ReturnType<typeof recorded>, boolean]>([
    ['the path, a version prefix ignored', { method: 'GET', path: '/{page_id}/feed' }, recorded('GET', `${FEED}?limit=5`), true],
    ['the path without a version prefix', { path: '/{page_id}/feed' }, recorded('GET', 'http://t/2000001/feed'), true],
    ['another method', { method: 'POST', path: '/{page_id}/feed' }, recorded('GET', FEED), false],
    ['a lower-case method as recorded by some tools', { method: 'GET', path: '/{page_id}/feed' }, recorded('get', FEED), true],
    ['`me` is never a Page id', { path: '/{page_id}/feed' }, recorded('GET', 'http://t/v25.0/me/feed'), false],
    ['an extra path segment', { path: '/{page_id}/feed' }, recorded('GET', `${FEED}/x`), false],
    ['the oauth endpoints are no object', { path: '/{id}/access_token' }, recorded('GET', 'http://t/oauth/access_token'), false],
    ['a webhook notification is not an API call', { path: '/{page_id}/feed' }, recorded('POST', FEED, { kind: 'webhook-notification' }), false],
    ['a webhook kind asked for', { kind: 'webhook-notification' }, recorded('POST', 'https://app/hook', { kind: 'webhook-notification' }), true],
    ['successes only, given one', { path: '/{page_id}/feed', ok: true }, recorded('GET', FEED), true],
    ['successes only, given an error', { path: '/{page_id}/feed', ok: true }, recorded('GET', FEED, { status: 400, body: { error: { code: 100 } } }), false],
    ['errors only, given an error envelope under 200', { path: '/{page_id}/feed', ok: false }, recorded('GET', FEED, { body: { error: { code: 1 } } }), true],
    ['a version above v25.0, given v25.1', { path: '/{page_id}/feed', version: { above: 'v25.0' } }, recorded('GET', 'http://t/v25.1/2000001/feed'), true],
    ['a version above v25.0, given v25.0', { path: '/{page_id}/feed', version: { above: 'v25.0' } }, recorded('GET', FEED), false],
    ['a version above v25.0, given none', { path: '/{page_id}/feed', version: { above: 'v25.0' } }, recorded('GET', 'http://t/2000001/feed'), false],
    ['a version above v9.9, given v10.0', { path: '/{page_id}/feed', version: { above: 'v9.9' } }, recorded('GET', 'http://t/v10.0/2000001/feed'), true],
  ])('%s', (_, match, at, expected) => {
    expect(matches(match, at)).toBe(expected);
  });

  it.each<[string, ExchangeMatch, ReturnType<typeof recorded>, boolean]>([
    ['a query value', { path: '/{page_id}/feed', params: { limit: 250 } }, recorded('GET', `${FEED}?limit=250`), true],
    ['a number read from form text against a bound', { path: '/{page_id}/feed', params: { limit: { gte: 101 } } }, recorded('GET', `${FEED}?limit=150`), true],
    ['under the bound', { path: '/{page_id}/feed', params: { limit: { gte: 101 } } }, recorded('GET', `${FEED}?limit=100`), false],
    ['a form field', { method: 'POST', path: '/{page_id}/feed', params: { published: 'false' } }, recorded('POST', FEED, { form: 'message=m&published=false' }), true],
    ['a JSON field with its JSON value', { method: 'POST', path: '/{page_id}/feed', params: { published: false } }, recorded('POST', FEED, { json: '{"published":false}' }), true],
    ['a dotted name into an object parameter', { path: '/{page_id}/feed', params: { 'targeting.age_min': { lte: 12 } } }, recorded('POST', FEED, { json: '{"targeting":{"age_min":10}}' }), true],
    ['a parameter not sent', { path: '/{page_id}/feed', params: { limit: { exists: true } } }, recorded('GET', FEED), false],
    ['a parameter sent empty is not judged', { path: '/{page_id}/feed', params: { limit: { exists: true } } }, recorded('GET', `${FEED}?limit=`), false],
    ['sent empty, where the block speaks of the empty value', { path: '/{page_id}/feed', params: { application_id: { equals: '' } } }, recorded('GET', `${FEED}?application_id=`), true],
    ['sent twice with two values is not judged', { path: '/{page_id}/feed', params: { limit: 1 } }, recorded('GET', `${FEED}?limit=1&limit=2`), false],
    ['a body that could not be read is not judged for its parameters', { method: 'POST', path: '/{page_id}/feed', params: { message: { exists: true } } }, recorded('POST', FEED, { json: '{"message":' }), false],
    ['no credential, given none', { path: '/{page_id}/feed', token: false }, recorded('GET', FEED), true],
    ['no credential, given a token', { path: '/{page_id}/feed', token: false }, recorded('GET', `${FEED}?access_token=t`), false],
    ['no credential, given a cookie', { path: '/{page_id}/feed', token: false }, recorded('GET', FEED, { headers: { Cookie: 'c=1' } }), false],
    ['a JSON answer, given one', { path: '/{page_id}/feed', json: true }, recorded('GET', FEED), true],
    ['a JSON answer, given none', { path: '/{page_id}/feed', json: true }, { ...recorded('GET', FEED), body: undefined }, false],
  ])('parameters and credentials: %s', (_, match, at, expected) => {
    expect(matches(match, at)).toBe(expected);
  });

  it('an API call recorded without its answer is never judged', () => {
    const at = recorded('GET', FEED);
    const { response: _, ...unanswered } = at.exchange;
    expect(matchesExchange({ path: '/{page_id}/feed' }, unanswered as Exchange, at.body)).toBe(false);
  });
});

describe('the token a recorded request carried', () => {
  it.each<[string, ReturnType<typeof recorded>, string, boolean]>([
    ['in the query', recorded('GET', `${FEED}?access_token=EAA1`), 'EAA1', false],
    ['in a form body', recorded('POST', FEED, { form: 'access_token=EAA2&message=m' }), 'EAA2', false],
    ['in a JSON body', recorded('POST', FEED, { json: '{"access_token":"EAA3"}' }), 'EAA3', false],
    ['as a Bearer header', recorded('GET', FEED, { headers: { Authorization: 'Bearer EAA4' } }), 'EAA4', false],
    ['as an OAuth header', recorded('GET', FEED, { headers: { authorization: 'OAuth EAA5' } }), 'EAA5', false],
    ['the parameter before the header', recorded('GET', `${FEED}?access_token=param`, { headers: { Authorization: 'Bearer header' } }), 'param', false],
    ['none', recorded('GET', FEED), '', true],
    ['a Basic header is no token, but a credential', recorded('GET', FEED, { headers: { Authorization: 'Basic dTpw' } }), '', false],
  ])('%s', (_, at, token, none) => {
    expect([tokenOf(at.exchange), carriesNoToken(at.exchange)]).toEqual([token, none]);
  });
});

describe('a request parameter against what a passive rule expects of it', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['a plain value compared as text', '18', 18, true],
    ['a JSON true against "true"', true, 'true', true],
    ['nothing sent never matches a value', undefined, 'x', false],
    ['not', 'page', { not: { one_of: ['user', 'page'] } }, false],
    ['not, given another', 'group', { not: { one_of: ['user', 'page'] } }, true],
    ['in any case', 'Utility', { in_any_case: ['UTILITY', 'MARKETING'] }, true],
    ['in any case, given another word', 'util', { in_any_case: ['UTILITY'] }, false],
    ['a list length from JSON text', '[1,2,3]', { length: { gte: 3 } }, true],
    ['a list length, too short', '[1]', { length: { gte: 3 } }, false],
    ['any item', '["1","x"]', { any_item: { matches: '[^0-9]' } }, true],
    ['any item, none matching', '["1","2"]', { any_item: { matches: '[^0-9]' } }, false],
    ['some item with fields', '[{"type":"URL","url":"u"},{"type":"PHONE"}]', { some: { type: 'PHONE' } }, true],
    ['some item, none with those fields', '[{"type":"URL"}]', { some: { type: 'PHONE' } }, false],
    ['an object in JSON text is an object', '{"a":1}', { type: 'object' }, true],
    ['a number in form text meets a bound', '150', { lte: 100 }, false],
  ])('%s', (_, value, expected, result) => {
    expect(paramMatches(value, expected)).toBe(result);
  });
});

describe('value matchers (R17 for truth)', () => {
  it.each<[string, unknown, Parameters<typeof mismatches>[1], string[]]>([
    ['true, "true", 1 and "1" are true', '1', { truthy: true }, []],
    ['"yes" is not true', 'yes', { truthy: true }, ['is "yes", expected true (R17)']],
    ['null and absence are false', null, { falsy: true }, []],
    ['"no" is not false', 'no', { falsy: true }, ['is "no", expected false (R17)']],
    ['same members in any order', ['b', 'a', 'a'], { same_members: ['a', 'b', 'a'] }, []],
    ['same members, one fewer', ['b', 'a'], { same_members: ['a', 'b', 'a'] }, ['is ["b","a"], expected the members ["a","b","a"] in any order']],
    ['an integer', 1.5, { type: 'integer' }, ['is 1.5, expected a integer']],
    ['a bound on text is missed', '5', { lte: 10 }, ['is "5", expected <= 10']],
    ['present when it should not be', 1, { exists: false }, ['is present (1)']],
    ['deep equality', { a: [1] }, { equals: { a: [1] } }, []],
  ])('%s', (_, value, matcher, problems) => {
    expect(mismatches(value, matcher)).toEqual(problems);
  });
});
