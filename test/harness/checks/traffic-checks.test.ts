import { describe, expect, it } from 'vitest';
import { type CheckResult, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { StepFacts } from '../../../harness/checks/step-facts.js';
import type { TrafficFacts } from '../../../harness/checks/traffic-facts.js';
import type { Exchange } from '../../../harness/model/index.js';
import type { Profile } from '../../../harness/profile/profile.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import { CHECK_CONTEXT, checkInput } from '../../helpers/check-input.js';

// The checks `graphcheck check` applies to recorded traffic (client side and service side), with the traffic's
// facts (the target's clock, a code's age, the profile) given by hand: each passing, failing, and judging nothing.

const T0 = Date.parse('2026-01-01T00:00:00Z');

function sent(url: string, options: { at?: number; status?: number; body?: unknown; form?: string; headers?: Record<string, string>; durationMs?: number } = {}): Exchange {
  const { at = T0, status = 200, body = { id: '1' }, form, headers = {}, durationMs = 0 } = options;
  return {
    request: { method: form ? 'POST' : 'GET', url, headers: form ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers, ...(form ? { body: form } : {}) },
    response: { status, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) },
    startedAt: new Date(at).toISOString(),
    startedAtMs: at,
    durationMs,
  };
}

const REFUSAL = { error: { message: 'bad', type: 'OAuthException', code: 100 } };

/** The traffic's facts: the target's clock runs `skewMs` ahead of the recorder's; each code was issued at its time. */
function traffic(options: { skewMs?: number; issued?: Record<string, number>; redirectUris?: string[] } = {}): { traffic: TrafficFacts } {
  const { skewMs = 0, issued = {}, redirectUris } = options;
  return {
    traffic: {
      targetTimeOf: (exchange) => Date.parse(exchange.startedAt) + skewMs,
      codeAgeMs: (code, exchange) => (issued[code] === undefined ? undefined : Date.parse(exchange.startedAt) + skewMs - issued[code]),
      ...(redirectUris ? { profile: { app: { redirect_uris: redirectUris } } as unknown as Profile } : {}),
    },
  };
}

function judge(name: string, exchanges: Exchange[], args: unknown, facts: StepFacts = {}): CheckResult {
  const check = CHECKS.get(name)!;
  expect(schemaProblem(check.args, args)).toBeUndefined();
  return runCheck(check, checkInput(exchanges, facts), args, CHECK_CONTEXT);
}

const messages = (result: CheckResult) => result.findings.map((f) => f.message);

describe('code-age (a client sends a code within its hour)', () => {
  const ARGS = { name: 'code', max_seconds: 600, slack_seconds: 5 };
  const exchange = (code: string, secondsAfter: number) => sent(`http://t/oauth/access_token?code=${code}`, { at: T0 + secondsAfter * 1000 });

  it.each<[string, number, string[]]>([
    ['sent at once', 1, []],
    ['sent at the bound', 600, []],
    ['sent within the slack past the bound', 604, []],
    ['sent later than bound and slack', 700, ['sent 700 s after the redirect that issued it, expected at most 600 s']],
  ])('%s', (_, after, expected) => {
    const result = judge('code-age', [exchange('c1', after)], ARGS, traffic({ issued: { c1: T0 } }));
    expect([messages(result), result.judged]).toEqual([expected, 1]);
  });

  it("reads the age on the target's clock, not the recorder's", () => {
    // Sent 100 s after the recorder saw the redirect, but the target's clock had moved an hour on (control `clock`).
    const result = judge('code-age', [exchange('c1', 100)], ARGS, traffic({ issued: { c1: T0 }, skewMs: 3_600_000 }));
    expect(messages(result)).toEqual(['sent 3700 s after the redirect that issued it, expected at most 600 s']);
  });

  it('judges nothing of a code whose issue the traffic does not show, nor without the traffic facts', () => {
    const unseen = judge('code-age', [exchange('c2', 5000)], ARGS, traffic({ issued: { c1: T0 } }));
    expect([unseen.judged, unseen.nothingJudged]).toEqual([0, 'the traffic shows no code whose issue it recorded']);
    expect(judge('code-age', [exchange('c1', 5000)], ARGS).nothingJudged).toMatch(/code-age needs the step's traffic/);
  });
});

describe('code-age-refused (the target refuses a code past its hour)', () => {
  const ARGS = { name: 'code', max_seconds: 3600, slack_seconds: 60, code: 100 };
  const exchange = (secondsAfter: number, status: number, body: unknown) =>
    sent('http://t/oauth/access_token?code=c1&client_id=1', { at: T0 + secondsAfter * 1000, status, body });

  it('judges a late exchange as a refusal, with the code asked for', () => {
    const result = judge('code-age-refused', [exchange(7200, 400, REFUSAL)], ARGS, traffic({ issued: { c1: T0 } }));
    expect([messages(result), result.judged, result.refusals]).toEqual([[], 1, [0]]);
  });

  it('fails a late exchange that succeeded, or refused with another code', () => {
    const accepted = judge('code-age-refused', [exchange(7200, 200, { access_token: 't' })], ARGS, traffic({ issued: { c1: T0 } }));
    expect(messages(accepted)).toEqual([expect.stringMatching(/^expected an error, got a success: HTTP 200 /)]);
    const other = judge('code-age-refused', [exchange(7200, 400, { error: { message: 'x', code: 190 } })], ARGS, traffic({ issued: { c1: T0 } }));
    expect(messages(other)).toEqual(['error code is 190, expected 100']);
  });

  it('leaves younger codes, and those within the slack, alone', () => {
    const result = judge('code-age-refused', [exchange(60, 200, {}), exchange(3650, 200, {})], ARGS, traffic({ issued: { c1: T0 } }));
    expect([result.judged, result.nothingJudged]).toEqual([0, 'the traffic shows no code exchanged past its hour']);
  });
});

describe('no-reuse-after-ok (a single-use value, as the client sends it)', () => {
  const use = (at: number, status: number, durationMs = 10) => sent('http://t/oauth/access_token?code=c1', { at: T0 + at, status, body: status === 200 ? { access_token: 't' } : REFUSAL, durationMs });

  it.each<[string, Exchange[], string[]]>([
    ['used once', [use(0, 200)], []],
    ['retried after failures that had ended, then used', [use(0, 400), use(100, 400), use(200, 200)], []],
    ['sent again after it succeeded', [use(0, 200), use(100, 400)], ['sent again (request 2 of 2) after request 1 had used it']],
    ['a failure still running when the success started counts as a second use', [use(0, 400, 500), use(100, 200)], ['sent again (request 1 of 2) after request 2 had used it']],
  ])('%s', (_, exchanges, expected) => {
    const result = judge('no-reuse-after-ok', exchanges, undefined);
    expect([messages(result), result.judged]).toEqual([expected, exchanges.length]);
  });

  it('judges nothing when no use succeeded', () => {
    expect(judge('no-reuse-after-ok', [use(0, 400), use(10, 400)], undefined).nothingJudged).toBe('no request using the value succeeded');
  });
});

describe('registered-redirect-uri (R18)', () => {
  const authorize = (uri: string) => sent(`http://t/oauth/authorize?client_id=1&redirect_uri=${encodeURIComponent(uri)}`, { status: 302, body: '' });
  const PROFILE = traffic({ redirectUris: ['https://app.example/callback'] });

  it.each<[string, string, string[]]>([
    ['a registered URI, exactly', 'https://app.example/callback', []],
    ['a registered URI with a query added is not held against it (R18)', 'https://app.example/callback?state=1', []],
    ['a trailing slash more is another URI', 'https://app.example/callback/', ["sent `redirect_uri=https://app.example/callback/`, which is not among the app's valid OAuth redirect URIs"]],
    ['another host', 'https://evil.example/callback', ["sent `redirect_uri=https://evil.example/callback`, which is not among the app's valid OAuth redirect URIs"]],
  ])('%s', (_, uri, expected) => {
    expect(messages(judge('registered-redirect-uri', [authorize(uri)], undefined, PROFILE))).toEqual(expected);
  });

  it('judges nothing without a profile, or without a redirect_uri sent', () => {
    expect(judge('registered-redirect-uri', [authorize('https://x')], undefined, traffic()).nothingJudged).toBe('no profile gives the valid redirect URIs');
    expect(judge('registered-redirect-uri', [sent('http://t/oauth/authorize?client_id=1')], undefined, PROFILE).nothingJudged).toBe('no request carried `redirect_uri`');
  });
});

describe('time-param-window (a schedule the client sends)', () => {
  const ARGS = { name: 'scheduled_publish_time', min_seconds: 600, max_seconds: 75 * 86_400, slack_seconds: 30 };
  const post = (secondsAhead: number | string) =>
    sent('http://t/v25.0/1/feed', { form: `message=m&scheduled_publish_time=${typeof secondsAhead === 'number' ? T0 / 1000 + secondsAhead : secondsAhead}` });

  it.each<[string, number, string[]]>([
    ['an hour ahead', 3600, []],
    ['at the lower bound', 600, []],
    ['just inside the slack under it', 580, []],
    ['too soon', 60, ['sent `scheduled_publish_time` 60 s after the request, expected between 600 s and 75 days after the request']],
    ['too late', 80 * 86_400, [`sent \`scheduled_publish_time\` ${80 * 86_400} s after the request, expected between 600 s and 75 days after the request`]],
    ['in the past', -10, ['sent `scheduled_publish_time` -10 s after the request, expected between 600 s and 75 days after the request']],
  ])('%s', (_, ahead, expected) => {
    expect(messages(judge('time-param-window', [post(ahead)], ARGS, traffic()))).toEqual(expected);
  });

  it("reads the window on the target's clock when the traffic shows it, on the recorder's without", () => {
    expect(messages(judge('time-param-window', [post(3600)], ARGS, traffic({ skewMs: 3_500_000 })))).toHaveLength(1);
    expect(messages(judge('time-param-window', [post(3600)], ARGS))).toEqual([]);
  });

  it('leaves a value that is not a whole number to the type rules', () => {
    const result = judge('time-param-window', [post('tomorrow')], ARGS, traffic());
    expect([result.judged, result.nothingJudged]).toEqual([0, 'no request sent `scheduled_publish_time` as a whole number']);
  });

  it('says the window in days when it is whole days', () => {
    expect(CHECKS.get('time-param-window')!.explain(ARGS)).toBe('`scheduled_publish_time`, when sent, is between 600 s and 75 days after the request');
  });
});

describe('time-param-refused (the target refuses a schedule outside its window)', () => {
  const ARGS = { name: 'scheduled_publish_time', min_seconds: 600, slack_seconds: 30, code: 100 };
  const post = (secondsAhead: number, status: number, body: unknown) =>
    sent('http://t/v25.0/1/feed', { form: `scheduled_publish_time=${T0 / 1000 + secondsAhead}`, status, body });

  it('judges a schedule too soon as a refusal, and fails one accepted', () => {
    const refused = judge('time-param-refused', [post(60, 400, REFUSAL)], ARGS, traffic());
    expect([messages(refused), refused.refusals]).toEqual([[], [0]]);
    const accepted = judge('time-param-refused', [post(60, 200, { id: '1' })], ARGS, traffic());
    expect(messages(accepted)).toEqual([expect.stringMatching(/^expected an error, got a success/)]);
  });

  it('leaves schedules inside the window, or near a bound, alone; a side left out is not judged', () => {
    const inside = judge('time-param-refused', [post(3600, 200, {}), post(590, 200, {}), post(10 ** 9, 200, {})], ARGS, traffic());
    expect([inside.judged, inside.nothingJudged]).toEqual([0, 'no request sent `scheduled_publish_time` outside the window']);
  });

  it('says which sides it judges', () => {
    expect(CHECKS.get('time-param-refused')!.explain(ARGS)).toBe('a `scheduled_publish_time` less than 600 s after the request is refused with code 100');
    expect(CHECKS.get('time-param-refused')!.explain({ ...ARGS, max_seconds: 60, code: undefined })).toBe('a `scheduled_publish_time` less than 600 s or more than 60 s after the request is refused');
  });
});

describe('answer-echoes (a receiver answers a verification with the challenge)', () => {
  const verification = (challenge: string | undefined, answer: string, status = 200) =>
    sent(`https://app.example/hook?hub.mode=subscribe${challenge === undefined ? '' : `&hub.challenge=${challenge}`}`, { status, body: answer });

  it.each<[string, Exchange, string[]]>([
    ['the challenge as the body', verification('1158201444', '1158201444'), []],
    ['the challenge with a trailing newline', verification('1158201444', '1158201444\n'), []],
    ['another body', verification('1158201444', 'OK'), ['answered HTTP 200 "OK" instead of hub.challenge 1158201444']],
    ['the challenge under an error status still echoes it: the status is not stated', verification('7', '7', 500), []],
  ])('%s', (_, exchange, expected) => {
    expect(messages(judge('answer-echoes', [exchange], { param: 'hub.challenge' }))).toEqual(expected);
  });

  it('judges nothing of a request without the parameter', () => {
    expect(judge('answer-echoes', [verification(undefined, 'x')], { param: 'hub.challenge' }).nothingJudged).toBe('no answered request carried `hub.challenge`');
  });
});

describe('notification-values-exclusive and recorded-signature (notifications as recorded)', () => {
  const notification = (entry: unknown[], headers: Record<string, string> = {}, signatureValid?: boolean): Exchange => ({
    ...sent('https://app.example/hook', { form: undefined, headers }),
    request: { method: 'POST', url: 'https://app.example/hook', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ object: 'page', entry }) },
    ...(signatureValid === undefined ? {} : { signatureValid }),
  });
  const bodyOf = (exchange: Exchange) => JSON.parse(exchange.request.body!) as unknown;
  const judgeBodies = (name: string, exchanges: Exchange[]) => runCheck(CHECKS.get(name)!, checkInput(exchanges, {}, exchanges.map(bodyOf)), undefined, CHECK_CONTEXT);
  const SIGNED = { 'X-Hub-Signature-256': `sha256=${'ab'.repeat(32)}` };

  it.each<[string, unknown[], string[]]>([
    ['changes alone', [{ id: '1', changes: [] }], []],
    ['changed_fields alone', [{ id: '1', changed_fields: ['feed'] }], []],
    ['both in one entry', [{ id: '1', changes: [] }, { id: '2', changes: [], changed_fields: ['feed'] }], ['entry "2" carries both `changes` and `changed_fields`']],
  ])('values: %s', (_, entry, expected) => {
    expect(judgeBodies('notification-values-exclusive', [notification(entry)]).findings.map((f) => f.message)).toEqual(expected);
  });

  it.each<[string, Exchange, string[]]>([
    ['a well-formed signature', notification([], SIGNED), []],
    ['one the recorder verified', notification([], SIGNED, true), []],
    ['no signature header', notification([]), ['the notification has no X-Hub-Signature-256 header']],
    ['a bare hex signature', notification([], { 'X-Hub-Signature-256': 'ab'.repeat(32) }), ['X-Hub-Signature-256 is not `sha256=` followed by 64 hex digits (R6)']],
    ['a SHA-1 signature', notification([], { 'X-Hub-Signature-256': `sha1=${'ab'.repeat(20)}` }), ['X-Hub-Signature-256 is not `sha256=` followed by 64 hex digits (R6)']],
    ['one the recorder found wrong under the app secret', notification([], SIGNED, false), ['X-Hub-Signature-256 did not match the raw body under the app secret when recorded (R6)']],
  ])('signature: %s', (_, exchange, expected) => {
    expect(judgeBodies('recorded-signature', [exchange]).findings.map((f) => f.message)).toEqual(expected);
  });

  it('both judge nothing when no notification arrived', () => {
    expect(judgeBodies('recorded-signature', []).nothingJudged).toBe('no notification reached the receiver');
    expect(judgeBodies('notification-values-exclusive', []).nothingJudged).toBe('no notification reached the receiver');
  });
});
