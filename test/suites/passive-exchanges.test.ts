import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../harness/model/index.js';
import { checkTraffic } from '../../harness/passive/check-traffic.js';
import type { Suite } from '../../harness/suite/suite.js';
import { DEMO_SUITE, suiteError } from '../helpers/demo-suite.js';
import { BASE, call, type Call, ERROR } from '../helpers/recorded-calls.js';
import { judging } from '../helpers/traffic-judging.js';
import { ERROR_PATHS } from '../helpers/check-input.js';
import { everyShippedSuite } from '../helpers/shipped-suites.js';


let suites: Suite[];
beforeAll(async () => {
  suites = await everyShippedSuite();
});

async function verdicts(exchanges: Exchange[]): Promise<Record<string, string>> {
  const result = await checkTraffic(suites, { name: 'test', exchanges }, judging({ errorPaths: ERROR_PATHS }, { name: 'test' }));
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}

async function verdictOf(rule: string, exchanges: Exchange[]): Promise<string | undefined> {
  return (await verdicts(exchanges))[rule];
}

/** A photo create on the Page. */
const photo = (c: Omit<Call, 'method' | 'path' | 'answer'>, answer: unknown = { id: '2' }) =>
  call({ method: 'POST', path: '/1/photos', ...c, answer });

const exchange = (code: string, answer: unknown) =>
  call({ path: '/oauth/access_token', query: { client_id: '1', client_secret: 's', code }, answer });
const TOKEN = { access_token: 'redacted-access_token-1', token_type: 'bearer', expires_in: 5400 };
const reset: Exchange = {
  kind: 'control',
  request: { method: 'POST', url: 'http://127.0.0.1:9/_control/reset', headers: {} },
  response: { status: 200, headers: {}, body: '{"ok":true}' },
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
};

describe('authorization codes over recorded traffic', () => {
  it('flags a code exchanged successfully twice, lets a failed first exchange pass, and judges no code used once', async () => {
    const rule = 'authorization.code-single-use';
    expect(await verdictOf(rule, [exchange('c1', TOKEN), exchange('c1', TOKEN)])).toBe('failed');
    expect(await verdictOf(rule, [exchange('c1', ERROR), exchange('c1', TOKEN), exchange('c1', ERROR)])).toBe('passed');
    expect(await verdictOf(rule, [exchange('c1', TOKEN), exchange('c1', ERROR)])).toBe('passed');
    // Each code sent once, or a code sent again only after a reset, says nothing of single use.
    expect(await verdictOf(rule, [exchange('c1', TOKEN), reset, exchange('c1', TOKEN)])).toBe('skipped');
    expect(await verdictOf(rule, [exchange('c1', TOKEN), exchange('c2', TOKEN)])).toBe('skipped');
    expect(await verdictOf(rule, [exchange('c1', ERROR), exchange('c1', ERROR)])).toBe('skipped');
  });

  it('judges the answer shape of a code exchange and a code sent with its `#_` marker', async () => {
    const rule = 'authorization.code-exchange-answers-a-token';
    expect(await verdictOf(rule, [exchange('c1', TOKEN)])).toBe('passed');
    expect(await verdictOf(rule, [exchange('c1', { access_token: 'x' })])).toBe('failed');
    expect(await verdictOf('authorization.code-with-marker-refused', [exchange('c1#_', TOKEN)])).toBe('failed');
    // The refusal counts next to the same exchange accepted (R51 over recorded traffic).
    expect(await verdictOf('authorization.code-with-marker-refused', [exchange('c2', TOKEN), exchange('c1#_', ERROR)])).toBe('passed');
  });
});

describe('a recorded refusal counts only next to the same operation accepted in the same state (R51)', () => {
  const rule = 'feed.get-limit-over-100-refused';
  const feed = (limit: string, answer: unknown) => call({ path: '/1/feed', query: { limit }, answer });
  const page = { data: [], paging: { cursors: { before: 'a', after: 'b' } } };

  it('skips a rule whose only evidence is a refusal, and says why', async () => {
    const result = await checkTraffic(suites, { name: 'test', exchanges: [feed('150', ERROR)] }, judging({ errorPaths: ERROR_PATHS }, { name: 'test' }));
    const judged = result.results.find((r) => r.rule === rule)!;
    expect(judged.verdict).toBe('skipped');
    expect(judged.reason).toMatch(/never accepting the same operation .*R51/);
    expect(judged.judged).toBe(0);
  });

  it('passes it once the target accepted the same operation, before or after, in the same state only', async () => {
    // The rule's refusal: an error whose message says not to exceed 100.
    const refused = { error: { message: 'Please do not exceed 100 posts', type: 'OAuthException', code: 100 } };
    expect(await verdictOf(rule, [feed('150', refused), feed('10', page)])).toBe('passed');
    expect(await verdictOf(rule, [feed('10', page), feed('150', refused)])).toBe('passed');
    expect(await verdictOf(rule, [feed('10', page), reset, feed('150', refused)])).toBe('skipped');
    // An accepted request of another operation is no twin.
    expect(await verdictOf(rule, [call({ path: '/1/photos', answer: page }), feed('150', refused)])).toBe('skipped');
    // Next to its twin, a refusal whose message does not name 100 is held against the target.
    expect(await verdictOf(rule, [feed('10', page), feed('150', ERROR)])).toBe('failed');
  });

  it('passes no rule on the traffic of a target that refuses everything', async () => {
    const refused = [feed('150', ERROR), feed('10', ERROR), exchange('c1#_', ERROR), call({ method: 'POST', path: '/1/feed', form: {}, answer: ERROR })];
    const result = await checkTraffic(suites, { name: 'test', exchanges: refused }, judging({ errorPaths: ERROR_PATHS }, { name: 'test' }));
    expect(result.results.filter((r) => r.verdict === 'passed').map((r) => r.rule)).toEqual([]);
    expect(result.results.filter((r) => r.verdict === 'skipped').length).toBeGreaterThan(0);
  });
});

function webhook(
  kind: 'webhook-notification' | 'webhook-verification',
  request: Partial<Exchange['request']>,
  extra: Partial<Exchange> = {},
): Exchange {
  const method = kind === 'webhook-notification' ? 'POST' : 'GET';
  return {
    kind,
    request: { method, url: 'https://127.0.0.1:9/hook', headers: {}, ...request },
    response: { status: 200, headers: {}, body: '' },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 0,
    ...extra,
  };
}

function notification(payload: unknown, headers: Record<string, string> = {}, extra: Partial<Exchange> = {}): Exchange {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`;
  const all = { 'content-type': 'application/json', 'x-hub-signature-256': signature, ...headers };
  return webhook('webhook-notification', { body, headers: all }, { signatureValid: true, ...extra });
}

const ENTRY = { id: '1', time: 1767225600, changes: [{ field: 'feed', value: { verb: 'add' } }] };
const PAYLOAD = { object: 'page', entry: [ENTRY] };

describe('webhook requests over recorded traffic', () => {
  it('judges verification GETs: mode subscribe and an integer challenge', async () => {
    const rule = 'subscriptions.post-verifies-callback';
    const get = (query: string) => webhook('webhook-verification', { url: `https://127.0.0.1:9/hook?${query}` });
    expect(await verdictOf(rule, [get('hub.mode=subscribe&hub.challenge=1234&hub.verify_token=t')])).toBe('passed');
    expect(await verdictOf(rule, [get('hub.mode=subscribe&hub.challenge=abc&hub.verify_token=t')])).toBe('failed');
    expect(await verdictOf(rule, [get('hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=t')])).toBe('failed');
  });

  it('flags a notification whose signature the recorder found wrong, or that has none, even unanswered', async () => {
    const rule = 'webhooks.notification-signed';
    expect(await verdictOf(rule, [notification(PAYLOAD)])).toBe('passed');
    expect(await verdictOf(rule, [notification(PAYLOAD, {}, { signatureValid: false })])).toBe('failed');
    const unsigned = notification(PAYLOAD, { 'x-hub-signature-256': 'abc' }, { signatureValid: undefined });
    const unanswered = { ...unsigned, response: undefined, error: { code: 'RECEIVER_HANG', message: 'no answer' } };
    expect(await verdictOf(rule, [unanswered])).toBe('failed');
  });

  it('judges content type, envelope, values form and batch size of each notification', async () => {
    const good = await verdicts([notification(PAYLOAD)]);
    const rules = ['notification-content-type', 'notification-envelope', 'include-values-form', 'batch-at-most-1000'];
    for (const rule of rules) expect(good[`webhooks.${rule}`]).toBe('passed');
    const plain = notification(PAYLOAD, { 'content-type': 'text/plain' });
    const both = { object: 'page', entry: [{ ...ENTRY, changed_fields: ['feed'] }] };
    const names = Array.from({ length: 1001 }, () => 'feed');
    const big = { object: 'page', entry: [{ id: '1', time: 1, changed_fields: names }] };
    expect(await verdictOf('webhooks.notification-content-type', [plain])).toBe('failed');
    const numericId = notification({ object: 'page', entry: [{ id: 1 }] });
    expect(await verdictOf('webhooks.notification-envelope', [numericId])).toBe('failed');
    expect(await verdictOf('webhooks.include-values-form', [notification(both)])).toBe('failed');
    expect(await verdictOf('webhooks.batch-at-most-1000', [notification(big)])).toBe('failed');
  });
});

describe('request shapes the spec refuses', () => {
  it('reads object parameters sent as JSON text, as bracket keys and as JSON bodies', async () => {
    const rule = 'photos.feed-targeting-age-min-under-13-refused';
    const asJson = photo({ form: { url: 'u', feed_targeting: '{"age_min":5}' } });
    const asBrackets = photo({ form: { url: 'u', 'feed_targeting[age_min]': '5' } });
    const asBody = photo({ json: { url: 'u', feed_targeting: { age_min: 5 } } });
    for (const accepted of [asJson, asBrackets, asBody]) expect(await verdictOf(rule, [accepted])).toBe('failed');
    const allowed = photo({ form: { url: 'u', 'feed_targeting[age_min]': '18' } });
    expect(await verdictOf(rule, [allowed])).toBe('skipped');
  });

  it('reads multipart fields and file sizes, and leaves an unreadable body unjudged', async () => {
    const published = { id: '2', post_id: '1_2' };
    const twoSources = photo({ multipart: { fields: { url: 'u' }, files: { source: 10 } } }, published);
    expect(await verdictOf('photos.post-two-image-sources-refused', [twoSources])).toBe('failed');
    const unpublished = photo({ multipart: { fields: { published: 'false' }, files: { source: 10 } } });
    const v = await verdicts([unpublished]);
    expect(v['photos.post-unpublished-returns-numeric-id']).toBe('passed');
    expect(v['photos.post-published-returns-id-and-post-id']).toBe('skipped');
    const cut = { ...twoSources, request: { ...twoSources.request, body: twoSources.request.body!.slice(0, 40) } };
    expect(await verdictOf('photos.post-two-image-sources-refused', [cut])).toBe('skipped');
  });

  it('matches list items of a parameter (`some`) and values outside an enum, a letter-case variant among them (R54)', async () => {
    const template = (form: Record<string, string>, answer: unknown) =>
      call({ method: 'POST', path: '/3/message_templates', form: { name: 'n', language: 'en', ...form }, answer });
    const create = (components: unknown, answer: unknown) =>
      template({ category: 'UTILITY', components: JSON.stringify(components) }, answer);
    const made = { id: '9', status: 'PENDING', category: 'UTILITY' };
    expect(await verdictOf('templates.body-needs-text', [create([{ type: 'BODY' }], made)])).toBe('failed');
    const accepted = create([{ type: 'BODY', text: 't' }], made);
    expect(await verdictOf('templates.body-needs-text', [accepted, create([{ type: 'BODY' }], ERROR)])).toBe('passed');
    const button = [{ type: 'BODY', text: 't' }, { type: 'BUTTONS', buttons: [{ type: 'CALL_BACK', text: 'x' }] }];
    const types = 'templates.component-and-button-type-outside-enum-refused';
    expect(await verdictOf(types, [create(button, made)])).toBe('failed');
    const category = 'templates.category-outside-enum-refused';
    expect(await verdictOf(category, [template({ category: 'utility' }, made)])).toBe('failed');
    expect(await verdictOf(category, [template({ category: 'PROMO' }, made)])).toBe('failed');
    expect(await verdictOf(category, [template({ category: 'UTILITY' }, made)])).toBe('skipped');
    // R43 compares `parameter_format` in any case: a variant is no refusal to judge.
    const format = 'templates.parameter-format-outside-enum-refused';
    expect(await verdictOf(format, [template({ category: 'UTILITY', parameter_format: 'named' }, made)])).toBe('skipped');
    expect(await verdictOf(format, [template({ category: 'UTILITY', parameter_format: 'NAMES' }, made)])).toBe('failed');
  });

  it('matches a Boolean as true or false written so: other spellings may be taken either way (R55)', async () => {
    const feed = (summary: string) =>
      call({ path: '/5_1/comments', query: { summary }, answer: { data: [{ id: 'a' }, { id: 'b' }], summary: { order: 'chronological', total_count: 1 } } });
    expect(await verdictOf('comments.total-count-counts-by-filter', [feed('true')])).toBe('failed');
    expect(await verdictOf('comments.total-count-counts-by-filter', [feed('1')])).toBe('skipped');
    expect(await verdictOf('comments.total-count-counts-by-filter', [feed('True')])).toBe('skipped');
  });

  it('judges every passive block of a rule: a comment create answer, and a comment with nothing in it', async () => {
    const rule = 'comments.post-needs-one-of-five';
    const created = call({ method: 'POST', path: '/5_1/comments', form: { message: 'hi' }, answer: { id: '5_1_7' } });
    const empty = call({ method: 'POST', path: '/5_1/comments', form: {}, answer: { id: '5_1_8' } });
    expect(await verdictOf(rule, [created])).toBe('passed');
    expect(await verdictOf(rule, [created, empty])).toBe('failed');
    // The comment id's type is not stated: a number is an id too, an empty string is not.
    const numericId = call({ method: 'POST', path: '/5_1/comments', form: { message: 'hi' }, answer: { id: 7 } });
    expect(await verdictOf(rule, [numericId])).toBe('passed');
    const emptyId = call({ method: 'POST', path: '/5_1/comments', form: { message: 'hi' }, answer: { id: '' } });
    expect(await verdictOf(rule, [emptyId])).toBe('failed');
  });
});

describe('list results over recorded traffic', () => {
  it('flags a total count below the page, and judges only the items that carry `severity`', async () => {
    const answer = (total: number) => ({
      data: [{ id: 'a' }, { id: 'b' }],
      summary: { order: 'chronological', total_count: total },
    });
    const page = (total: number) => call({ path: '/5_1/comments', query: { summary: 'true' }, answer: answer(total) });
    expect(await verdictOf('comments.total-count-counts-by-filter', [page(2)])).toBe('passed');
    expect(await verdictOf('comments.total-count-counts-by-filter', [page(1)])).toBe('failed');
    const errors = (items: unknown[]) =>
      call({ path: '/4/errors', query: { error_priority: 'HIGH' }, answer: { data: items } });
    const fatalOnly = 'product-feed.high-priority-fatal-only';
    expect(await verdictOf(fatalOnly, [errors([{ id: 1, severity: 'fatal' }, { id: 2 }])])).toBe('passed');
    expect(await verdictOf(fatalOnly, [errors([{ id: 1, severity: 'warning' }])])).toBe('failed');
  });
});

describe('passive blocks in suite files', () => {
  async function problem(passive: string): Promise<string> {
    return (await suiteError(`${DEMO_SUITE}    passive:\n${passive}`)).message;
  }

  it('refuses an API match without a path, and a matcher key it does not know', async () => {
    expect(await problem('      - match: { kind: api }\n        expect: [ok]\n')).toMatch(/demo\.yaml:\d+: .*needs a `path`/);
    const typo = '      match: { path: /x, params: { a: { not_one_of: [b] } } }\n      expect: [error]\n';
    expect(await problem(typo)).toMatch(/demo\.yaml:\d+:/);
  });
});

describe('real traffic whose meaning the spec leaves open is not judged', () => {
  it('a parameter sent empty, `fields` choosing the answer, `order` on comments', async () => {
    const tagsEmpty = call({ method: 'POST', path: '/2000001/feed', form: { message: 'hi', tags: '' }, answer: { id: '2000001_9' } });
    expect(await verdictOf('feed.tags-without-place-refused', [tagsEmpty])).toBe('skipped');
    const tagsGiven = call({ method: 'POST', path: '/2000001/feed', form: { message: 'hi', tags: '7' }, answer: { id: '2000001_9' } });
    expect(await verdictOf('feed.tags-without-place-refused', [tagsGiven])).toBe('failed');
    const onlyMessage = call({ path: '/2000001/feed', query: { fields: 'message' }, answer: { data: [{ message: 'hi' }] } });
    expect(await verdictOf('feed.get-post-field-types', [onlyMessage])).toBe('passed');
    const chosen = call({ path: '/1000001/subscriptions', query: { fields: 'object,active' }, answer: { data: [{ object: 'page', active: true }] } });
    expect(await verdictOf('subscriptions.list-shape', [chosen])).toBe('skipped');
    const ranked = call({ path: '/5_1/comments', query: { summary: 'true', order: 'ranked' }, answer: { data: [], summary: { order: 'ranked', total_count: 0 } } });
    expect(await verdictOf('comments.summary-fields-inside-summary', [ranked])).toBe('skipped');
  });
});

describe('a parameter sent twice with different values is not judged (which one counts is not stated)', () => {
  const posts = (n: number) => ({ data: Array.from({ length: n }, (_, i) => ({ id: `2000001_${i}`, created_time: '2026-01-01T00:00:00+0000' })) });
  const withQuery = (exchange: Exchange, search: string): Exchange => ({
    ...exchange,
    request: { ...exchange.request, url: `${BASE}/2000001/feed?${search}` },
  });

  it('in the query: `limit=2&limit=50` is neither held to 2 nor to 50', async () => {
    const page = call({ path: '/2000001/feed', answer: posts(50) });
    expect(await verdictOf('feed.get-limit-caps-page', [withQuery(page, 'limit=2&limit=50')])).toBe('skipped');
    expect(await verdictOf('feed.get-limit-caps-page', [withQuery(page, 'limit=50&limit=2')])).toBe('skipped');
    expect(await verdictOf('feed.get-limit-caps-page', [withQuery(page, 'limit=2&limit=2')])).toBe('failed');
    expect(await verdictOf('feed.get-limit-over-100-refused', [withQuery(page, 'limit=50&limit=250')])).toBe('skipped');
  });

  it('in the query and the body: a form that repeats a query parameter differently', async () => {
    const twice = call({ method: 'POST', path: '/2000001/feed', query: { tags: '' }, form: { message: 'hi', tags: '7' }, answer: { id: '2000001_9' } });
    expect(await verdictOf('feed.tags-without-place-refused', [twice])).toBe('skipped');
    const same = call({ path: '/2000001/feed', query: { limit: '2' }, json: { limit: 2 }, answer: posts(5) });
    expect(await verdictOf('feed.get-limit-caps-page', [same])).toBe('failed');
  });
});

describe('paths', () => {
  it('does not take /me/feed for a Page feed', async () => {
    const mine = call({ path: '/me/feed', query: { limit: '250' }, answer: { data: [] } });
    expect(await verdictOf('feed.get-limit-over-100-refused', [mine])).toBe('skipped');
    const page = call({ path: '/2000001/feed', query: { limit: '250' }, answer: { data: [] } });
    expect(await verdictOf('feed.get-limit-over-100-refused', [page])).toBe('failed');
  });
});
