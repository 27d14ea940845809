import { describe, expect, it } from 'vitest';
import { isMatcher, matches, same } from '../../../harness/sequence/conditions.js';
import { endpointMatches, endpointsOf, endpointsOfGiven, requestIn } from '../../../harness/suite/rule-endpoints.js';
import type { Rule } from '../../../harness/suite/suite.js';

// The endpoints a rule sends to (what `list --endpoint` and the areas select by), and the `where:` conditions a
// sequence's model items are picked by.

function rule(parts: Partial<Rule>): Rule {
  return { id: 'r.x', title: 'x', strength: 'MUST', cites: [], steps: [], ...parts } as Rule;
}

describe('the endpoints a rule sends to', () => {
  it.each<[string, Partial<Rule>, string[]]>([
    ['a request step, its templates named by what they stand for', { steps: [{ request: { method: 'get', path: '/{{fixtures.page_id}}/feed' }, expect: ['ok'] }] as Rule['steps'] }, ['GET /{page_id}/feed']],
    ['a version prefix left out', { steps: [{ request: { method: 'GET', path: '/v25.0/{{fixtures.page_id}}/photos' } }] as Rule['steps'] }, ['GET /{page_id}/photos']],
    ['captured and app values', { steps: [{ request: { method: 'DELETE', path: '/{{captured.post_id}}' } }, { request: { method: 'POST', path: '/{{app.id}}/subscriptions' } }] as Rule['steps'] }, ['DELETE /{post_id}', 'POST /{app_id}/subscriptions']],
    ['a walk and a repeat hold their request', { steps: [{ walk: { request: { method: 'GET', path: '/{{fixtures.page_id}}/feed' } } }, { repeat: { times: 2, request: { method: 'GET', path: '/me' } } }] as Rule['steps'] }, ['GET /me', 'GET /{page_id}/feed']],
    ['a fill step creates and lists', { steps: [{ fill: { create: { method: 'POST', path: '/{{fixtures.page_id}}/feed' }, list: { method: 'GET', path: '/{{fixtures.page_id}}/feed' } } }] as Rule['steps'] }, ['GET /{page_id}/feed', 'POST /{page_id}/feed']],
    ['a cases step: its base and the other paths its groups try', { steps: [{ cases: { base: { method: 'GET', path: '/{{fixtures.page_id}}/feed' }, groups: [{ with: { path: '/{{fixtures.template}}' } }, { with: { query: { a: 1 } } }] } }] as Rule['steps'] }, ['GET /{page_id}/feed', 'GET /{template}']],
    ['a subscribe step names the endpoint it posts to', { steps: [{ subscribe: { object: 'page', fields: ['feed'] } }] as Rule['steps'] }, ['POST /{app_id}/subscriptions']],
    ['a cases step sent as unsubscribe', { steps: [{ cases: { as: 'unsubscribe', base: {}, groups: [] } }] as Rule['steps'] }, ['DELETE /{app_id}/subscriptions']],
    ['each alternative of a one_of', { steps: [{ one_of: [{ request: { method: 'GET', path: '/a' } }, { request: { method: 'GET', path: '/b' } }] }] as Rule['steps'] }, ['GET /a', 'GET /b']],
    ['an API passive block, any method when none is named', { passive: { match: { path: '/{page_id}/feed' }, expect: ['ok'] } } as Partial<Rule>, ['* /{page_id}/feed']],
    ['a webhook passive block sends to no endpoint', { passive: { match: { kind: 'webhook-notification' }, expect: ['ok'] } } as Partial<Rule>, []],
    ['the requests its given values draw from', { given: { op: { enum: [{ request: { method: 'POST', path: '/{{fixtures.page_id}}/photos' } }, { request: { method: 'GET', path: '/me' } }] } } } as Partial<Rule>, ['GET /me', 'POST /{page_id}/photos']],
  ])('%s', (_, parts, endpoints) => {
    expect(endpointsOf(rule(parts))).toEqual(endpoints);
  });

  it('looks only so deep into given values', () => {
    let deep: unknown = { method: 'GET', path: '/deep' };
    for (let i = 0; i < 10; i++) deep = { inner: deep };
    expect(endpointsOfGiven({ given: { op: deep } } as Partial<Rule> as Rule)).toEqual([]);
  });

  it('finds the request in a step body, or in what it holds', () => {
    expect(requestIn({ request: { method: 'GET', path: '/x' } })).toEqual({ method: 'GET', path: '/x' });
    expect(requestIn({ method: 'GET' })).toBeUndefined();
    expect(requestIn('GET /x')).toBeUndefined();
  });
});

describe('an endpoint named in a selection', () => {
  it.each<[string, string, boolean]>([
    ['POST /{page_id}/feed', 'POST /{page_id}/feed', true],
    ['post /{page_id}/feed', 'POST /{page_id}/feed', true],
    ['POST /{id}/feed', 'POST /{page_id}/feed', true],
    ['/{page_id}/feed', 'DELETE /{page_id}/feed', true],
    ['POST /{page_id}/feed', '* /{page_id}/feed', true],
    ['GET /{page_id}/feed', 'POST /{page_id}/feed', false],
    ['POST /{page_id}/fed', 'POST /{page_id}/feed', false],
    ['POST /{page_id}/feed/x', 'POST /{page_id}/feed', false],
    ['GET /me', 'GET /{page_id}', false],
    ['GET /v25.0/{page_id}/feed', 'GET /{page_id}/feed', true],
  ])('%s names %s: %s', (pattern, endpoint, named) => {
    expect(endpointMatches(pattern, endpoint)).toBe(named);
  });
});

describe("a sequence model's where: conditions", () => {
  const item = { id: '12', published: false, tags: ['a', 'b'], likes: 3, empty: [] as unknown[] };

  it.each<[string, Record<string, unknown>, boolean]>([
    ['a plain value', { published: false }, true],
    ['an id as a number matches its digits', { id: 12 }, true],
    ['another value', { published: true }, false],
    ['a field the item lacks equals null', { gone: null }, true],
    ['a field the item lacks equals nothing else', { gone: 0 }, false],
    ['not', { published: { not: true } }, true],
    ['one_of', { likes: { one_of: [1, 3] } }, true],
    ['lt and gte', { likes: { lt: 4, gte: 3 } }, true],
    ['gt on text is false', { id: { gt: 1 } }, false],
    ['exists', { likes: { exists: true }, gone: { exists: false } }, true],
    ['includes one', { tags: { includes: 'a' } }, true],
    ['includes all of a list', { tags: { includes: ['a', 'c'] } }, false],
    ['empty', { empty: { empty: true }, tags: { empty: false } }, true],
    ['every field must match', { published: false, likes: 4 }, false],
    ['no condition matches every item', {}, true],
  ])('%s', (_, where, expected) => {
    expect(matches(item, where)).toBe(expected);
  });

  it('tells a matcher from a plain object value', () => {
    expect(isMatcher({ gte: 1 })).toBe(true);
    expect(isMatcher({ gte: 1, other: 2 })).toBe(false);
    expect(isMatcher({})).toBe(false);
    expect(isMatcher([1])).toBe(false);
  });

  it.each<[unknown, unknown, boolean]>([
    [1, '1', true],
    [undefined, null, true],
    [undefined, 0, false],
    [{ a: [1] }, { a: [1] }, true],
    [true, 'true', false],
  ])('%j and %j are the same: %s', (a, b, equal) => {
    expect(same(a, b)).toBe(equal);
  });
});
