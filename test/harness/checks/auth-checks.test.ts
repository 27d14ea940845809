import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import type { Exchange } from '../../../harness/model/index.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


function answer(status: number, body: string, headers: Record<string, string> = {}): Exchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
    response: { status, headers, body },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): CheckInput {
  return { exchanges: [answer(status, JSON.stringify(value), headers)], bodies: [value], facts: {} };
}

function run(name: string, input: CheckInput, args?: unknown) {
  const check = CHECKS.get(name);
  if (!check) throw new Error(`no check ${name}`);
  expect(schemaProblem(check.args, args)).toBeUndefined();
  return runCheck(check, input, args, CHECK_CONTEXT).findings.map((f) => f.message);
}

const ALLOW = 'https://app.example/callback?code=AQxyz&state=a%20b%2Bc%26d#_';

describe('redirect', () => {
  it('reads the redirect from the body and compares decoded parameters, the target and the fragment', () => {
    const args = {
      to: 'https://app.example/callback',
      params: { code: { equals: 'AQxyz' }, state: { equals: 'a b+c&d' } },
      fragment: { equals: '_' },
    };
    expect(run('redirect', json(200, { location: ALLOW }), args)).toEqual([]);
  });

  it('quotes the whole redirect when a parameter differs', () => {
    const messages = run('redirect', json(200, { location: ALLOW }), { params: { state: { equals: 'a b' } } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('query `state` is "a b+c&d", expected "a b"');
    expect(messages[0]).toContain(`(redirect: ${ALLOW})`);
  });

  it('judges raw parameter text before decoding', () => {
    const plus = json(200, { location: 'https://a.example/cb?error_description=Permissions+error' });
    const encoded = json(200, { location: 'https://a.example/cb?error_description=Permissions%20error' });
    const args = { raw_params: { error_description: { matches: '^(?!.*%20)\\S+$' } } };
    expect(run('redirect', plus, args)).toEqual([]);
    expect(run('redirect', encoded, args)[0]).toContain('raw query text of `error_description`');
  });

  it('falls back to the Location header and reports a missing fragment and a wrong target', () => {
    const input: CheckInput = {
      exchanges: [answer(302, '', { location: 'https://app.example/other?code=1' })],
      bodies: [undefined],
      facts: {},
    };
    const messages = run('redirect', input, { to: 'https://app.example/callback', fragment: { equals: '_' } });
    expect(messages.map((m) => m.split(' (redirect')[0])).toEqual([
      'goes to https://app.example/other, expected https://app.example/callback',
      'fragment is undefined, expected "_"',
    ]);
  });

  it('says so when the answer is an error instead of a redirect', () => {
    const messages = run('redirect', json(400, { error: { code: 100, message: 'bad' } }), {});
    expect(messages[0]).toMatch(/^expected a redirect, got an error: HTTP 400/);
  });

  it('refuses unknown arguments when the suite is loaded', () => {
    expect(schemaProblem(CHECKS.get('redirect')!.args, { query: {} })?.message).toMatch(/^unknown key "query"; allowed: to, params, raw_params, fragment$/);
  });
});

describe('html-page', () => {
  const page = (status: number, type: string, body = '<html></html>'): CheckInput => ({
    exchanges: [answer(status, body, { 'content-type': type })],
    bodies: [undefined],
    facts: {},
  });

  it('accepts a 2xx HTML answer and judges any body', () => {
    expect(CHECKS.get('html-page')?.acceptsAnyBody).toBe(true);
    expect(run('html-page', page(200, 'text/html; charset=utf-8'))).toEqual([]);
  });

  it('refuses JSON, an error status, an empty page and a redirect back to the app', () => {
    expect(run('html-page', json(200, { window: true }, { 'content-type': 'application/json' }))[0]).toMatch(
      /expected a page to show, got a JSON answer/,
    );
    expect(run('html-page', page(400, 'text/html'))[0]).toMatch(/expected a page, got HTTP 400/);
    expect(run('html-page', page(200, 'text/html', ''))).toEqual(['the answer to show has an empty body']);
    const back = { exchanges: [answer(302, '', { location: 'https://app.example/cb?code=x' })], bodies: [undefined], facts: {} };
    expect(run('html-page', back, { not_to: 'https://app.example/cb' })[0]).toMatch(/a redirect back to the app/);
  });

  it('does not judge the Content-Type of a page (a silent point) and accepts a redirect to a login step', () => {
    expect(run('html-page', page(200, 'text/plain'))).toEqual([]);
    const login = { exchanges: [answer(302, '', { location: 'https://auth.example/login' })], bodies: [undefined], facts: {} };
    expect(run('html-page', login, { not_to: 'https://app.example/cb' })).toEqual([]);
  });
});

describe('header', () => {
  it('matches a header by name, whatever its case', () => {
    const input = json(200, {}, { 'X-Graph-Version': 'v24.0' });
    expect(run('header', input, { name: 'x-graph-version', equals: 'v24.0' })).toEqual([]);
    expect(run('header', input, { name: 'x-graph-version', equals: 'v23.0' })).toEqual([
      'response header `x-graph-version` is "v24.0", expected "v23.0"',
    ]);
    expect(run('header', json(200, {}), { name: 'x-graph-version', exists: true })).toEqual([
      'response header `x-graph-version` is missing',
    ]);
  });
});

describe('not-error-code', () => {
  it('passes a success and other errors, fails the named code', () => {
    expect(run('not-error-code', json(200, { data: [] }), { code: 190 })).toEqual([]);
    expect(run('not-error-code', json(403, { error: { code: 200, message: 'no' } }), { code: 190 })).toEqual([]);
    expect(run('not-error-code', json(400, { error: { code: 190, message: 'bad token' } }), { code: [190] })[0]).toMatch(
      /^the response is an error with code 190/,
    );
  });
});

describe('error-any-body and no-redirect-param (a method the window does not support)', () => {
  const page = (status: number): CheckInput => ({ exchanges: [answer(status, '<html>window</html>')], bodies: [undefined], facts: {} });
  const redirectTo = (location: string): CheckInput => ({ exchanges: [answer(302, '', { location })], bodies: [undefined], facts: {} });

  it('takes a non-2xx page or a redirect for an error, and a 2xx page for a success', () => {
    expect(run('error-any-body', page(405))).toEqual([]);
    expect(run('error-any-body', redirectTo('https://app.example/callback?code=AQ1#_'))).toEqual([]);
    expect(run('error-any-body', page(200))[0]).toMatch(/expected an error, got a success: HTTP 200/);
  });

  it('flags only a redirect that carries the parameter', () => {
    expect(run('no-redirect-param', redirectTo('https://app.example/callback?code=AQ1#_'), { name: 'code' })[0]).toMatch(
      /redirects with `code`/,
    );
    expect(run('no-redirect-param', redirectTo('https://graph.example/oauth/authorize?client_id=1'), { name: 'code' })).toEqual([]);
    expect(run('no-redirect-param', page(405), { name: 'code' })).toEqual([]);
  });
});

describe('json-body', () => {
  it('judges successes only: a text body is a finding, an error with any body is not judged', () => {
    const text: CheckInput = { exchanges: [answer(200, 'id=1_2')], bodies: [undefined], facts: {} };
    expect(run('json-body', text)[0]).toMatch(/expected a JSON body, got HTTP 200 id=1_2/);
    expect(run('json-body', json(200, { id: '1_2' }))).toEqual([]);
    const refused: CheckInput = { exchanges: [answer(500, '<html/>')], bodies: [undefined], facts: {} };
    expect(runCheck(CHECKS.get('json-body')!, refused, undefined, CHECK_CONTEXT)).toMatchObject({ judged: 0, findings: [] });
  });
});

describe('same-outcome', () => {
  const many = (...answers: [number, unknown][]): CheckInput => ({
    exchanges: answers.map(([status, body]) => answer(status, JSON.stringify(body))),
    bodies: answers.map(([, body]) => body),
    facts: {},
  });

  it('passes answers of one class, code and keys; errors are refusals', () => {
    expect(run('same-outcome', many([200, { data: [], paging: {} }], [200, { paging: { next: 'x' }, data: [1] }]))).toEqual([]);
    const refused = many([400, { error: { code: 100 } }], [400, { error: { code: 100, message: 'other' } }]);
    expect(runCheck(CHECKS.get('same-outcome')!, refused, undefined, CHECK_CONTEXT)).toMatchObject({ findings: [], judged: 1, refusals: [0, 1] });
  });

  it('names the call that differs in class, code or keys', () => {
    expect(run('same-outcome', many([400, { error: { code: 100 } }], [400, { error: { code: 1 } }]))[0]).toMatch(
      /answered an error with code 1, but .* answered an error with code 100/,
    );
    expect(run('same-outcome', many([200, { data: [], paging: {} }], [200, { data: [] }]))[0]).toMatch(/keys \[data\]/);
    expect(run('same-outcome', many([200, { id: '1' }], [400, { error: { code: 100 } }]))).toHaveLength(1);
  });
});
