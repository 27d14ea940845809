import { describe, expect, it } from 'vitest';
import { type CheckResult, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { Exchange } from '../../../harness/model/index.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import { CHECK_CONTEXT, checkInput } from '../../helpers/check-input.js';

// Checks over a group of exchanges (single use, one winner) and over list pages, each shown passing, failing and
// judging nothing with its reason.

function exchange(url: string, status: number, body: unknown, request: Partial<Exchange['request']> = {}): Exchange {
  return {
    request: { method: 'GET', url, headers: {}, ...request },
    response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

const OK = (body: unknown = { id: '1' }, url = 'http://t/x') => exchange(url, 200, body);
const REFUSED = (url = 'http://t/x') => exchange(url, 400, { error: { message: 'no', code: 100 } });
/** A 200 whose body is the error envelope: an error all the same (contract §3.1). */
const ERROR_IN_200 = () => exchange('http://t/x', 200, { error: { message: 'no', code: 1 } });

function judge(name: string, exchanges: Exchange[], args?: unknown): CheckResult {
  const check = CHECKS.get(name)!;
  expect(schemaProblem(check.args, args)).toBeUndefined();
  return runCheck(check, checkInput(exchanges), args, CHECK_CONTEXT);
}

/** What a result says, in one comparable shape: findings' messages, how much was judged, why nothing. */
const said = ({ findings, judged, nothingJudged, refusals }: CheckResult) => ({ messages: findings.map((f) => f.message), judged, nothingJudged, refusals });

describe('at-most-one-ok (a code used once, in recorded traffic)', () => {
  it.each<[string, Exchange[], ReturnType<typeof said>]>([
    ['one success among refusals passes, every request judged', [REFUSED(), OK(), REFUSED()], { messages: [], judged: 3, nothingJudged: undefined, refusals: undefined }],
    ['a first failure is allowed', [REFUSED(), OK()], { messages: [], judged: 2, nothingJudged: undefined, refusals: undefined }],
    ['two successes fail, on the second', [OK(), REFUSED(), OK()], { messages: ['2 of 3 requests succeeded, expected at most 1'], judged: 3, nothingJudged: undefined, refusals: undefined }],
    ['no success judges nothing: a target refusing everything would pass', [REFUSED(), ERROR_IN_200()], { messages: [], judged: 0, nothingJudged: 'no request of the group succeeded', refusals: undefined }],
    ['a value sent once judges nothing', [OK()], { messages: [], judged: 0, nothingJudged: 'the value was sent once', refusals: undefined }],
  ])('%s', (_, exchanges, expected) => {
    expect(said(judge('at-most-one-ok', exchanges))).toEqual(expected);
  });

  it('points its finding at the second success', () => {
    expect(judge('at-most-one-ok', [OK(), REFUSED(), OK(), OK()]).findings[0]).toMatchObject({ exchange: 2, expected: 1, actual: 3 });
  });
});

describe('exactly-one-ok (concurrent requests, one winner)', () => {
  it.each<[string, Exchange[], ReturnType<typeof said>]>([
    ['one success: the others are refusals next to their own control', [REFUSED(), OK(), REFUSED()], { messages: [], judged: 3, nothingJudged: undefined, refusals: [0, 2] }],
    ['two successes fail', [OK(), OK(), REFUSED()], { messages: ['2 of 3 requests succeeded, expected exactly 1'], judged: 3, nothingJudged: undefined, refusals: [2] }],
    ['none succeeded: the valid request is refused too, nothing judged', [REFUSED(), REFUSED()], { messages: [], judged: 0, nothingJudged: 'none of the 2 requests succeeded: the target refuses the valid request too', refusals: undefined }],
    ['an error envelope under 200 is no success', [ERROR_IN_200(), OK()], { messages: [], judged: 2, nothingJudged: undefined, refusals: [0] }],
  ])('%s', (_, exchanges, expected) => {
    expect(said(judge('exactly-one-ok', exchanges))).toEqual(expected);
  });
});

describe('first-ok-then-errors (a single-use value, in order)', () => {
  it.each<[string, Exchange[], ReturnType<typeof said>]>([
    ['the first succeeds and the later ones are refused', [OK(), REFUSED(), REFUSED()], { messages: [], judged: 2, nothingJudged: undefined, refusals: [1, 2] }],
    ['a later success fails, named by its number', [OK(), REFUSED(), OK()], { messages: ['request 3 succeeded, expected an error'], judged: 2, nothingJudged: undefined, refusals: [1] }],
    ['a first failure judges nothing, showing the answer', [REFUSED(), REFUSED()], { messages: [], judged: 0, nothingJudged: 'the first request failed, so the target refuses the valid request too: HTTP 400 {"error":{"message":"no","code":100}}', refusals: undefined }],
    ['one request alone judges nothing', [OK()], { messages: [], judged: 0, nothingJudged: 'only one request was sent', refusals: [] }],
  ])('%s', (_, exchanges, expected) => {
    expect(said(judge('first-ok-then-errors', exchanges))).toEqual(expected);
  });
});

describe('page-size-within-limit (a page holds at most the limit its request sent)', () => {
  const page = (query: string, items: number) => OK({ data: Array.from({ length: items }, (_, i) => ({ id: String(i) })) }, `http://t/v25.0/1/feed${query}`);

  it.each<[string, Exchange, string[]]>([
    ['a page at the limit passes', page('?limit=3', 3), []],
    ['a page under the limit passes', page('?limit=3', 1), []],
    ['a page over the limit fails', page('?limit=2', 3), ['the page holds 3 items, limit was 2']],
    ['no limit sent: nothing to hold the page to', page('', 500), []],
    ['a limit that is no positive integer: nothing to hold it to', page('?limit=0', 5), []],
    ['a limit sent twice with two values: which one counts is not stated', page('?limit=1&limit=2', 5), []],
    ['the same limit sent twice still counts', page('?limit=1&limit=1', 2), ['the page holds 2 items, limit was 1']],
    ['an answer that is no list is not this check\'s to judge', OK({ id: '1' }, 'http://t/x?limit=1'), []],
  ])('%s', (_, answer, messages) => {
    expect(judge('page-size-within-limit', [answer]).findings.map((f) => f.message)).toEqual(messages);
  });

  it('judges every exchange, and nothing without one', () => {
    expect(judge('page-size-within-limit', [page('?limit=1', 1), page('', 3)]).judged).toBe(2);
    expect(said(judge('page-size-within-limit', []))).toMatchObject({ judged: 0, nothingJudged: 'the step made no exchange' });
  });
});

describe('items-have (every item carries the fields asked for)', () => {
  it.each<[string, unknown, unknown, { messages: string[]; judged: number }]>([
    ['every item with every field passes, each item judged', { data: [{ id: 'a', message: 'm', created_time: 1 }, { id: 'b', message: 'n', created_time: 2 }] }, { has: ['message', 'created_time'] }, { messages: [], judged: 2 }],
    ['a missing field names the item', { data: [{ id: 'a', message: 'm' }, { id: 'b' }] }, { has: ['message'] }, { messages: ['item 1 (id b) has no `message`'], judged: 2 }],
    ['an item that is no object misses every field', { data: ['x'] }, { has: ['id'] }, { messages: ['item 0 (id ?) has no `id`'], judged: 1 }],
    ['a list under another path', { comments: { data: [{ id: 'c' }] } }, { path: 'comments.data', has: ['id'] }, { messages: [], judged: 1 }],
    ['an answer that holds no list fails', { id: '1' }, { has: ['id'] }, { messages: ['`data` is not an array'], judged: 1 }],
  ])('%s', (_, body, args, expected) => {
    const result = judge('items-have', [OK(body)], args);
    expect({ messages: result.findings.map((f) => f.message), judged: result.judged }).toEqual(expected);
  });

  it('an empty list judges nothing', () => {
    expect(said(judge('items-have', [OK({ data: [] })], { has: ['id'] }))).toMatchObject({ judged: 0, nothingJudged: 'the list was empty' });
  });

  it('keeps at most ten findings a page', () => {
    const data = Array.from({ length: 15 }, (_, i) => ({ id: String(i) }));
    expect(judge('items-have', [OK({ data })], { has: ['message'] }).findings).toHaveLength(10);
  });
});

describe('total-count-covers-page (summary.total_count counts at least the page)', () => {
  it.each<[string, unknown, string[]]>([
    ['a total above the page passes', { data: [{}, {}], summary: { total_count: 10 } }, []],
    ['a total equal to the page passes', { data: [{}, {}], summary: { total_count: 2 } }, []],
    ['a total below the page fails', { data: [{}, {}, {}], summary: { total_count: 1 } }, ['`summary.total_count` is 1 but the page lists 3 items']],
    ['a total that is text fails', { data: [], summary: { total_count: '5' } }, ['`summary.total_count` is "5", expected an int32']],
    ['a total past int32 fails', { data: [], summary: { total_count: 2 ** 31 } }, ['`summary.total_count` is 2147483648, expected an int32']],
    ['a missing summary fails', { data: [] }, ['`summary.total_count` is undefined, expected an int32']],
    ['a total with no list counts against no items', { summary: { total_count: 0 } }, []],
  ])('%s', (_, body, messages) => {
    expect(judge('total-count-covers-page', [OK(body)]).findings.map((f) => f.message)).toEqual(messages);
  });
});

describe('request-query (a query parameter of a request the target sent)', () => {
  const sent = (query: string) => exchange(`https://app.example/hook${query}`, 200, 'ok');

  it.each<[string, string, unknown, string[]]>([
    ['an integer challenge passes', '?hub.mode=subscribe&hub.challenge=1158201444', { name: 'hub.challenge', matches: '^\\d+$' }, []],
    ['a challenge that is no integer fails', '?hub.challenge=abc', { name: 'hub.challenge', matches: '^\\d+$' }, ['query parameter `hub.challenge` is "abc", expected to match /^\\d+$/']],
    ['a missing parameter fails an exists', '?hub.mode=subscribe', { name: 'hub.verify_token', exists: true }, ['query parameter `hub.verify_token` is missing']],
    ['an exact value', '?hub.mode=subscribe', { name: 'hub.mode', equals: 'subscribe' }, []],
    ['another value than the one expected', '?hub.mode=unsubscribe', { name: 'hub.mode', equals: 'subscribe' }, ['query parameter `hub.mode` is "unsubscribe", expected "subscribe"']],
  ])('%s', (_, query, args, messages) => {
    expect(judge('request-query', [sent(query)], args).findings.map((f) => f.message)).toEqual(messages);
  });
});

describe('field-is-param (an answer names what its request sent)', () => {
  const create = (form: string, body: unknown) =>
    exchange('http://t/v25.0/1/message_templates', 200, body, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });

  it.each<[string, Exchange, { messages: string[]; judged: number }]>([
    ['the category sent comes back', create('name=t&category=UTILITY', { id: '1', category: 'UTILITY' }), { messages: [], judged: 1 }],
    ['another category comes back', create('name=t&category=UTILITY', { id: '1', category: 'MARKETING' }), { messages: ['`category` is "MARKETING", the request sent category="UTILITY"'], judged: 1 }],
    ['compared as text: a number sent as digits', create('count=3', { count: 3 }), { messages: [], judged: 1 }],
    ['a request that did not send it is not judged', create('name=t', { category: 'UTILITY' }), { messages: [], judged: 0 }],
    ['an answer without the field is not judged', create('category=UTILITY', { id: '1' }), { messages: [], judged: 0 }],
  ])('%s', (_, answer, expected) => {
    const args = answer.request.body?.includes('count') ? { path: 'count', param: 'count' } : { path: 'category', param: 'category' };
    const result = judge('field-is-param', [answer], args);
    expect({ messages: result.findings.map((f) => f.message), judged: result.judged }).toEqual(expected);
  });

  it('says why it judged nothing', () => {
    expect(judge('field-is-param', [create('name=t', {})], { path: 'category', param: 'category' }).nothingJudged).toBe('no answer held `category` for a request that sent `category`');
  });
});

describe('present-items-match (the listed items that carry a field)', () => {
  it.each<[string, unknown, unknown, { messages: string[]; judged: number }]>([
    ['items carrying the field match', { data: [{ id: 'a', status: 'APPROVED' }, { id: 'b' }] }, { path: 'status', one_of: ['APPROVED', 'PENDING'] }, { messages: [], judged: 1 }],
    ['an item whose field does not match is named', { data: [{ id: 'a', status: 'approved' }] }, { path: 'status', one_of: ['APPROVED'] }, { messages: ['item a: `status` is "approved", expected one of ["APPROVED"]'], judged: 1 }],
    ['a nested field', { data: [{ id: 'a', summary: { total_count: 2 } }] }, { path: 'summary.total_count', type: 'integer' }, { messages: [], judged: 1 }],
  ])('%s', (_, body, args, expected) => {
    const result = judge('present-items-match', [OK(body)], args);
    expect({ messages: result.findings.map((f) => f.message), judged: result.judged }).toEqual(expected);
  });

  it('judges nothing when no item carries the field', () => {
    expect(said(judge('present-items-match', [OK({ data: [{ id: 'a' }] })], { path: 'status', exists: true }))).toMatchObject({ judged: 0, nothingJudged: 'no listed item carries `status`' });
  });
});
