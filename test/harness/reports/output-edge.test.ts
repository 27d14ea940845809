import { describe, expect, it } from 'vitest';
import type { Exchange, RuleResult, RunResult } from '../../../harness/model/index.js';
import { outputEdge } from '../../../harness/reports/output-edge.js';
import { echoOf, leaksOf, unsafeIn } from '../../helpers/hostile/planted.js';

const KNOWN = 'EAAKnownProfileToken0001';
const LEARNT = 'EAALearntFromTraffic0002';

function rule(id: string, extra: Partial<RuleResult> = {}): RuleResult {
  return { rule: id, suite: 'feed', title: 't', strength: 'MUST', verdict: 'failed', cites: [], readings: [], findings: [], evidence: [], replay: `graphcheck run --rule ${id}`, durationMs: 1, ...extra };
}

function runOf(results: RuleResult[], extra: Partial<RunResult> = {}): RunResult {
  return {
    tool: { name: 'graphcheck', version: '0' },
    target: { baseUrl: 'http://t.invalid', source: '--target http://t.invalid' },
    seed: 1,
    startedAt: '',
    finishedAt: '',
    summary: { passed: 0, failed: results.length, warned: 0, skipped: 0, error: 0, known: 0 },
    results,
    ...extra,
  };
}

function get(url: string, body?: string, headers: Record<string, string> = {}): Exchange {
  return { startedAt: '', durationMs: 1, request: { method: body === undefined ? 'GET' : 'POST', url, headers, ...(body === undefined ? {} : { body }) } };
}

/** A run whose first rule quotes, in every field others write, a token only the second rule's traffic shows. */
function run(): RunResult {
  const echo = `${echoOf(LEARNT)} ${echoOf(KNOWN)}`;
  const first = rule('feed.a', {
    reason: echo,
    counterexample: { deep: [{ deeper: echo }] },
    findings: [{ check: 'x', message: echo, expected: { [echo]: [echo, 1, null, true] }, actual: echo }],
    cause: { key: echo, title: echo },
    known: echo,
  });
  const second = rule('feed.b', { evidence: [get(`https://t.invalid/me?access_token=${LEARNT}`)] });
  return runOf([first, second], {
    target: { baseUrl: echo, source: echo },
    gate: { strict: false, allowStale: false, baseline: { file: echo, entries: [{ rule: echo, verdict: 'failed', reason: echo, ran: 1, passed: 0 }] } },
  });
}

describe('the output edge', () => {
  it('redacts every string others wrote, keys and nested values included, with what any rule taught it', () => {
    const edge = outputEdge({ values: [KNOWN] });
    // The first rule is shown before the second's traffic is seen: the run, at the end, knows both.
    const shownFirst = edge.rule(run().results[0]!);
    expect(leaksOf(JSON.stringify(shownFirst), KNOWN)).toEqual([]);
    const shown = JSON.stringify(edge.run({ ...run(), results: [shownFirst, run().results[1]!] }));
    expect(leaksOf(shown, KNOWN)).toEqual([]);
    expect(leaksOf(shown, LEARNT)).toEqual([]);
    expect(unsafeIn(shown)).toEqual([]);
    expect(shown).toContain('"replay":"graphcheck run --rule feed.a"');
  });

  it('with --show-secrets keeps them, and still makes the text inert', () => {
    const shown = outputEdge({ values: [KNOWN] }, { showSecrets: true }).run(run());
    const text = JSON.stringify(shown);
    expect(text).toContain(KNOWN);
    expect(unsafeIn(text)).toEqual([]);
    expect(unsafeIn(shown.results[0]!.reason!)).toEqual([]);
  });

  it("searches even the kit's fields of a result read from a file (a shard someone else wrote)", () => {
    const echo = echoOf(KNOWN);
    const planted = rule('feed.a', { title: echo, cites: [{ section: echo, text: echo }], readings: [echo], findings: [{ check: echo, message: '' }] });
    const fromFile = JSON.stringify(outputEdge({ values: [KNOWN] }, { from: 'file', kitWords: ['feed.a'] }).run(runOf([planted], { notCheckable: [{ suite: echo, what: echo, cites: [], why: echo }] })));
    expect(leaksOf(fromFile, KNOWN)).toEqual([]);
    expect(unsafeIn(fromFile)).toEqual([]);
    expect(fromFile).toContain('"rule":"feed.a"');
  });

  it('cuts a value nested past 64 levels instead of walking it', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const shown = outputEdge({ values: [] }).run({ ...run(), results: [rule('feed.a', { counterexample: deep })] });
    expect(JSON.stringify(shown)).toContain('(nested deeper than 64 levels: not shown)');
  });

  it('redacts and makes inert the lines it prints around; a line made of what it showed is made inert only', () => {
    const edge = outputEdge({ values: [KNOWN] });
    expect(edge.line(`graphcheck: https://t.invalid/?t=${KNOWN}\u001b[2J\n::error::x\n`)).toBe('graphcheck: https://t.invalid/?t=redacted-secret-1\\x1b[2J\n\\::error::x\n');
    expect(edge.shownLine(`FAIL feed.a: ${KNOWN}\u001b[2J\n`)).toBe(`FAIL feed.a: ${KNOWN}\\x1b[2J\n`);
  });
});

describe("tokens that are ordinary words: the kit's own words stand", () => {
  const TOKENS = ['page-token', 'user', 'feed', 'page-token-abc'];
  const ids = ['comments.post-needs-page-token', 'comments.user-token-reads-empty', 'feed.get-needs-page-token', 'feed.post-returns-id'];
  const kitWords = [...ids, 'tokens.user', 'the feed area', '/{page_id}/feed', 'GET /{id}/feed'];

  function wordRun(): RunResult {
    const results = ids.map((id) =>
      rule(id, {
        suite: id.split('.')[0]!,
        title: 'Read with a user token needs the feed, a page-token',
        cites: [{ section: 'Endpoints › Page feed', text: 'a Page access token (page-token) reads the feed' }],
        reason: 'the profile has no tokens.user; needs the feed area (/{page_id}/feed), which the target answered: {"error":"feed user"}',
        cause: { key: 'refused GET /{id}/feed -> code 190', title: 'GET /{id}/feed answered code 190 ("bad page-token-abc")' },
        findings: [{ check: 'status', message: 'GET /v25.0/1/feed?access_token=user answered 200 for user', actual: 'page-token-abc' }],
        evidence: [get('http://t.invalid/v25.0/1/feed?access_token=page-token-abc', 'access_token=page-token', { 'user-agent': 'graphcheck' })],
        replay: `graphcheck run --rule ${id} --seed 5 --profile /home/user/feed.json`,
      }),
    );
    return runOf(results, { tool: { name: 'graphcheck', version: '0' } });
  }

  it('keeps every rule id, title, citation and the tool name; replaces the tokens where others wrote them', () => {
    const edge = outputEdge({ values: TOKENS }, { kitWords: [...kitWords, '/home/user/feed.json'] });
    // Each token's placeholder, numbered in this order as each is first shown.
    const [pageToken, user, feed, pageTokenAbc] = TOKENS.map((token) => edge.line(token));
    expect([pageToken, user, feed, pageTokenAbc]).toEqual(['redacted-secret-1', 'redacted-secret-2', 'redacted-secret-3', 'redacted-secret-4']);
    const shown = edge.run(runOf(wordRun().results.map((r) => edge.rule(r))));
    expect(shown.tool.name).toBe('graphcheck');
    expect(shown.results.map((r) => r.rule)).toEqual(ids);
    const first = shown.results[0]!;
    expect(first.title).toBe('Read with a user token needs the feed, a page-token');
    expect(first.cites[0]!.text).toBe('a Page access token (page-token) reads the feed');
    expect(first.replay).toBe('graphcheck run --rule comments.post-needs-page-token --seed 5 --profile /home/user/feed.json');
    expect(first.reason).toBe(
      `the profile has no tokens.user; needs the feed area (/{page_id}/feed), which the target answered: {"error":"${feed} ${user}"}`,
    );
    expect(first.cause!.title).toBe(`GET /{id}/feed answered code 190 ("bad ${pageTokenAbc}")`);
    expect(first.findings[0]!.message).toBe(`GET /v25.0/1/${feed}?access_token=${user} answered 200 for ${user}`);
    expect(first.findings[0]!.actual).toBe(pageTokenAbc);
    // The traffic is others' text: every occurrence goes, so putting each secret back gives the request as sent.
    expect(first.evidence[0]!.request.url).toBe(`http://t.invalid/v25.0/1/${feed}?access_token=${pageTokenAbc}`);
    expect(first.evidence[0]!.request.body).toBe(`access_token=${pageToken}`);
    // Header names are protocol words: a token `user` leaves `user-agent` alone.
    expect(first.evidence[0]!.request.headers).toEqual({ 'user-agent': 'graphcheck' });
  });

  it("never rewrites a placeholder it wrote, whatever the token (`secret`, `redacted`, `access_token`)", () => {
    const edge = outputEdge({ values: ['EAAPlantedLongToken001', 'secret', 'redacted', 'access_token'] });
    expect(edge.line('a=EAAPlantedLongToken001 b=secret c=redacted d=access_token')).toBe(
      'a=redacted-secret-1 b=redacted-secret-4 c=redacted-secret-3 d=redacted-secret-2',
    );
  });

  it('a verify token that starts like the tool name hides neither the name nor a rule id, cut short or not', () => {
    const edge = outputEdge({ values: ['graphcheck-0a1b2c3d4e5f6a7b'] }, { kitWords: ids });
    const shown = edge.run(runOf([rule('feed.a', { reason: 'answered "graphcheck-0a1b2c…"', findings: [{ check: 'x', message: 'got "graphcheck"' }] })]));
    expect(shown.tool.name).toBe('graphcheck');
    expect(shown.results[0]!.reason).toBe('answered "redacted-secret-1…"');
    expect(shown.results[0]!.findings[0]!.message).toBe('got "graphcheck"');
  });
});

describe('placeholders a reader can use', () => {
  const APP_TOKEN = '1000001|_RZg6GUHhXVxIsvDtXxyJrv6SNT';

  it("shows the app token's encoded forms (query, form body, JSON, \\u-escaped) under its plain placeholder's name", () => {
    const edge = outputEdge({ values: [APP_TOKEN] });
    const encoded = encodeURIComponent(APP_TOKEN);
    const exchanges = [
      get(`http://t.invalid/v25.0/app/subscriptions?access_token=${encoded}`),
      get('http://t.invalid/v25.0/app/subscriptions', `object=page&access_token=${encoded}`, { 'content-type': 'application/x-www-form-urlencoded' }),
      get('http://t.invalid/v25.0/app/subscriptions', JSON.stringify({ access_token: APP_TOKEN }), { 'content-type': 'application/json' }),
      get('http://t.invalid/v25.0/app/subscriptions', `{"access_token":"${APP_TOKEN.replace('|', '\\u007c')}"}`, { 'content-type': 'application/json' }),
    ];
    const shown = edge.run(runOf([rule('subscriptions.a', { evidence: exchanges, reason: `sent ${encoded}` })]));
    const text = JSON.stringify(shown);
    expect(text).not.toContain('_RZg6GUHhXVxIsvDtXxyJrv6SNT');
    expect(text.match(/redacted-[a-z_]+-[A-Za-z]*\d+/g)).toEqual(Array(5).fill('redacted-secret-1'));
    expect(shown.results[0]!.evidence[0]!.request.url).toBe('http://t.invalid/v25.0/app/subscriptions?access_token=redacted-secret-1');
  });

  it("shows a cassette's placeholders (a repeat, check) by their plain name too", () => {
    const edge = outputEdge({ values: [] });
    const shown = edge.run(runOf([rule('feed.a', { evidence: [get('http://t.invalid/me?access_token=redacted-access_token-Prrr2-5')] })]));
    expect(shown.results[0]!.evidence[0]!.request.url).toBe('http://t.invalid/me?access_token=redacted-access_token-2-5');
  });
  it("learns a session's secrets as the run goes on: a rule's findings and lines quoting them are shown without them", () => {
    const edge = outputEdge({ values: [KNOWN] });
    const sessionToken = 'EAASessionOwnToken0042';
    const quoting = rule('versioning.a', { reason: `a session answered with ${sessionToken} in it` });
    expect(JSON.stringify(edge.rule(quoting))).toContain(sessionToken);
    edge.learnSecrets({ appSecret: 'session-app-secret-7', values: [sessionToken] });
    expect(leaksOf(JSON.stringify(edge.rule(quoting)), sessionToken)).toEqual([]);
    expect(edge.line(`token ${sessionToken}, secret session-app-secret-7`)).not.toMatch(/EAASessionOwnToken0042|session-app-secret-7/);
  });
});
