import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, RunResult } from '../../../harness/model/index.js';
import { checkTraffic } from '../../../harness/passive/check-traffic.js';
import type { Profile } from '../../../harness/profile/profile.js';
import { loadSuiteFile } from '../../../harness/suite-loading/load-suite.js';
import type { Suite } from '../../../harness/suite/suite.js';
import { failure } from '../../helpers/user-error.js';
import { call, type Call, ERROR } from '../../helpers/recorded-calls.js';
import { judging } from '../../helpers/traffic-judging.js';
import { ERROR_PATHS } from '../../helpers/check-input.js';
import { tempFolder } from '../../helpers/temp-dir.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

const CALLBACK = 'https://app.example/callback';
const PROFILE = { app: { id: '1000001', redirect_uris: [CALLBACK] } } as unknown as Profile;
const TOKEN = { access_token: 'x', token_type: 'bearer', expires_in: 5400 };
const OK = { id: '1_2' };
const DATE = 'Thu, 01 Jan 2026 00:00:00 GMT';
const T0 = Date.parse('2026-01-01T00:00:00Z') / 1000;

let suites: Suite[];
beforeAll(async () => {
  suites = await everyShippedSuite();
});

/** The client-side rules over these exchanges, with the profile's redirect URIs unless `withProfile` is false. */
async function clientCheck(exchanges: Exchange[], withProfile = true): Promise<RunResult> {
  const profile = withProfile ? PROFILE : undefined;
  return checkTraffic(suites, { name: 'test', exchanges }, judging({ errorPaths: ERROR_PATHS }, { side: 'client', profile, name: 'test' }));
}

async function verdictOf(rule: string, exchanges: Exchange[]): Promise<string | undefined> {
  return (await clientCheck(exchanges)).results.find((r) => r.rule === rule)?.verdict;
}

const get = (path: string, query: Record<string, string>, extra: Partial<Call> = {}) => call({ path, query, answer: OK, ...extra });
const post = (path: string, form: Record<string, string>, extra: Partial<Call> = {}) =>
  call({ method: 'POST', path, form, answer: OK, ...extra });
const authorize = (query: Record<string, string>) =>
  get('/oauth/authorize', { client_id: '1000001', redirect_uri: CALLBACK, response_type: 'code', scope: 'imgnet_basic', ...query });
/** The window's redirect back to the app, carrying a code (recorded at `at` seconds). */
const issued = (code: string, at: number) =>
  call({ path: '/oauth/authorize', query: { client_id: '1' }, status: 302, answer: '', at, headers: { location: `${CALLBACK}?code=${code}#_` } });
const exchange = (code: string, at: number, answer: unknown = TOKEN) =>
  call({ path: 'http://127.0.0.1:9/oauth/access_token', query: { client_id: '1', client_secret: 's', code }, answer, at });
/** A control clock advance of a graphcheck cassette, answered with the target's new time. */
const advance = (seconds: number, now: number, at: number): Exchange => ({
  ...call({ method: 'POST', path: 'http://127.0.0.1:9/_control/clock', json: { advance_seconds: seconds }, answer: { now }, at }),
  kind: 'control',
});
const verification = (challenge: string, answer: string | undefined): Exchange => ({
  kind: 'webhook-verification',
  request: { method: 'GET', url: `https://127.0.0.1:9/hook?hub.mode=subscribe&hub.challenge=${challenge}&hub.verify_token=t`, headers: {} },
  ...(answer === undefined
    ? { error: { code: 'ECONNREFUSED', message: 'refused' } }
    : { response: { status: 200, headers: {}, body: answer } }),
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
});
const scheduled = (ahead: number) =>
  post('/2000001/feed', { message: 'm', published: 'false', scheduled_publish_time: String(T0 + ahead) }, { headers: { date: DATE } });

/** Each rule with requests that make the mistake it judges, and requests that do it right. */
const PLANTED: { rule: string; mistakes: Exchange[][]; right: Exchange[] }[] = [
  { rule: 'client.feed-limit-at-most-100', mistakes: [[get('/2000001/feed', { limit: '150' })]], right: [get('/2000001/feed', { limit: '100' })] },
  {
    rule: 'client.code-exchanged-once',
    mistakes: [[exchange('c1', 0), exchange('c1', 5, ERROR)]],
    // A retry after a failure is no second use; another code is another code.
    right: [exchange('c1', 0, ERROR), exchange('c1', 5), exchange('c2', 6)],
  },
  {
    rule: 'client.code-exchanged-within-an-hour',
    mistakes: [
      [issued('c1', 0), exchange('c1', 3700)],
      // A graphcheck cassette: the target's clock moved an hour and more between issue and exchange.
      [advance(0, T0, 0), { ...issued('c1', 1), kind: 'control', response: { status: 200, headers: {}, body: `{"location":"${CALLBACK}?code=c1#_"}` } }, advance(3700, T0 + 3702, 2), exchange('c1', 3)],
    ],
    // On the boundary (3600 s) is silent; a code whose issue the traffic does not show is not judged.
    right: [issued('c1', 0), exchange('c1', 3600), exchange('c9', 9000)],
  },
  {
    rule: 'client.redirect-uri-registered',
    mistakes: [[authorize({ redirect_uri: `${CALLBACK}/` })], [authorize({ redirect_uri: 'http://app.example/callback' })]],
    // An added query parameter is not judged (R18).
    right: [authorize({}), authorize({ redirect_uri: `${CALLBACK}?from=app` })],
  },
  { rule: 'client.response-type-code', mistakes: [[authorize({ response_type: 'token' })]], right: [authorize({})] },
  {
    rule: 'client.scheduled-publish-time-in-window',
    mistakes: [[scheduled(300)], [scheduled(80 * 86_400)]],
    right: [scheduled(600), scheduled(75 * 86_400), scheduled(3600)],
  },
  { rule: 'client.authorize-params-typed', mistakes: [[authorize({ client_id: 'my-app' })]], right: [authorize({})] },
  {
    rule: 'client.photos-read-params-typed',
    // A letter-case variant is outside the list (R54).
    mistakes: [[get('/2000001/photos', { type: 'album' })], [get('/2000001/photos', { type: 'UPLOADED' })], [get('/2000001/photos', { biz_tag_id: 'tag-1' })]],
    right: [get('/2000001/photos', { type: 'uploaded', biz_tag_id: '42', business_id: '7' })],
  },
  {
    rule: 'client.photo-create-params-typed',
    // `2` is no Boolean spelling; `yes` and `0` are left to the target (R55).
    mistakes: [[post('/2000001/photos', { url: 'u', published: '2' })], [post('/2000001/photos', { url: 'u', unpublished_content_type: 'LATER' })]],
    right: [
      post('/2000001/photos', { url: 'u', published: 'false', temporary: 'true', backdated_time_granularity: 'minute' }),
      post('/2000001/photos', { url: 'u', published: 'yes', temporary: '0' }),
    ],
  },
  {
    rule: 'client.feed-publish-params-typed',
    mistakes: [
      [post('/2000001/feed', { message: 'm', published: 'maybe' })],
      [post('/2000001/feed', { message: 'm', scheduled_publish_time: 'tomorrow' })],
      [post('/2000001/feed', { message: 'm', targeting: '{"age_min":16}' })],
    ],
    right: [post('/2000001/feed', { message: 'm', published: '1', backdated_time_granularity: 'min', 'targeting[age_min]': '18' })],
  },
  {
    rule: 'client.comments-read-params-typed',
    mistakes: [[get('/2000001_1/comments', { filter: 'all' })], [get('/2000001_1/comments', { summary: 'total_count' })]],
    right: [get('/2000001_1/comments', { filter: 'stream', summary: 'true' })],
  },
  {
    rule: 'client.subscription-params-typed',
    mistakes: [[post('/1000001/subscriptions', { object: 'instagram', callback_url: CALLBACK })]],
    right: [post('/1000001/subscriptions', { object: 'page', include_values: 'true', callback_url: CALLBACK })],
  },
  {
    rule: 'client.template-create-params-typed',
    // `category` compared exactly (R54), `parameter_format` in any case (R43).
    mistakes: [
      [post('/3000001/message_templates', { name: 'n', language: 'en', category: 'TRANSACTIONAL' })],
      [post('/3000001/message_templates', { name: 'n', language: 'en', category: 'marketing' })],
    ],
    right: [post('/3000001/message_templates', { name: 'n', language: 'en', category: 'MARKETING', parameter_format: 'named' })],
  },
  {
    rule: 'client.product-feed-errors-params-typed',
    mistakes: [[get('/4000001/errors', { error_priority: 'URGENT' })]],
    right: [get('/4000001/errors', { error_priority: 'HIGH' })],
  },
  {
    rule: 'client.verification-challenge-echoed',
    mistakes: [[verification('1234', 'ok')], [verification('1234', '"1234"')]],
    // An unanswered verification is not judged; trailing whitespace is trimmed.
    right: [verification('1234', '1234\n'), verification('99', undefined)],
  },
];

describe('graphcheck check --side client', () => {
  it('has a planted mistake for every client-side rule', () => {
    const rules = suites.flatMap((s) => s.rules).filter((r) => r.side === 'client').map((r) => r.id);
    expect(PLANTED.map((p) => p.rule).sort()).toEqual(rules.sort());
  });

  it.each(PLANTED)('$rule: finds each planted mistake and passes the requests made right', async ({ rule, mistakes, right }) => {
    for (const planted of mistakes) expect(await verdictOf(rule, planted), JSON.stringify(planted[planted.length - 1]!.request)).toBe('failed');
    expect(await verdictOf(rule, right)).toBe('passed');
  });

  it('cites the sentence broken and names the request in each finding', async () => {
    const result = await clientCheck([get('/2000001/feed', { limit: '150' })]);
    const failed = result.results.find((r) => r.verdict === 'failed')!;
    expect(failed.rule).toBe('client.feed-limit-at-most-100');
    expect(failed.cites[0]!.text).toMatch(/values above 100 give an error/);
    expect(failed.findings[0]!.message).toBe('sent `limit=150`, expected lte 100');
    expect(failed.replay).toBe('graphcheck check --side client --rule client.feed-limit-at-most-100 --cassette test');
  });

  it('skips the redirect URI rule without a profile, saying how to give one', async () => {
    const result = await clientCheck([authorize({ redirect_uri: 'https://elsewhere.example/' })], false);
    const rule = result.results.find((r) => r.rule === 'client.redirect-uri-registered')!;
    expect([rule.verdict, rule.reason]).toEqual(['skipped', "needs the target's profile for app.redirect_uris: give --profile"]);
  });

  it('leaves the service side alone: a service check never runs client rules, and the reverse', async () => {
    const service = await checkTraffic(suites, { name: 't', exchanges: [get('/2000001/feed', { limit: '150' })] }, judging({ errorPaths: ERROR_PATHS }, { name: 't' }));
    expect(service.results.some((r) => r.rule.startsWith('client.'))).toBe(false);
    const client = await clientCheck([]);
    expect(client.results.every((r) => r.rule.startsWith('client.'))).toBe(true);
  });
});

describe('a client-side rule in a suite file', () => {
  const RULE = `suite: demo
title: Demo
rules:
  - id: demo.limit
    title: limit
    strength: MUST
    side: client
    cites: [{ section: Limits, text: "at most 100" }]
    passive:
      match: { method: GET, path: "/{page_id}/feed" }
      expect: [{ request-param: { name: limit, lte: 100 } }]
`;
  const load = async (text: string) => {
    const file = join(tempFolder('graphcheck-client-rule-'), 'demo.yaml');
    await writeFile(file, text);
    return loadSuiteFile(file);
  };

  it('has passive blocks only: steps, or no passive block, is a suite mistake naming the line', async () => {
    expect((await load(RULE)).rules[0]!.steps).toEqual([]);
    const withSteps = RULE.replace('    passive:', '    steps:\n      - request: { method: GET, path: /x }\n    passive:');
    expect((await failure(() => load(withSteps))).message).toMatch(/demo\.yaml:10: \/rules\/0\/steps must NOT have more than 0 items/);
    const noPassive = RULE.slice(0, RULE.indexOf('    passive:'));
    expect((await failure(() => load(noPassive))).message).toMatch(/demo\.yaml:4: \/rules\/0 must have required property 'passive'/);
  });

  it('names a known check with arguments it takes', async () => {
    const bad = RULE.replace('{ name: limit, lte: 100 }', '{ name: limit, below: 100 }');
    expect((await failure(() => load(bad))).message).toMatch(/demo\.yaml:11: check "request-param": unknown key "below"; allowed: name, equals, one_of/);
  });
});
