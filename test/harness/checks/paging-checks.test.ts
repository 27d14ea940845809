import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { StepFacts } from '../../../harness/checks/step-facts.js';
import type { Exchange } from '../../../harness/model/index.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


function answer(body: unknown, status = 200): Exchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/list', headers: {} },
    response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

/** A walk of these pages (ids, or whole bodies), with its facts. */
function walk(pages: unknown[], facts: StepFacts = {}): CheckInput {
  const bodies = pages.map((p) => (Array.isArray(p) ? { data: p.map((id) => ({ id })) } : p));
  return { exchanges: bodies.map((b) => answer(b)), bodies, facts };
}

function judge(name: string, input: CheckInput, args: unknown) {
  const check = CHECKS.get(name)!;
  expect(schemaProblem(check.args, args)).toBeUndefined();
  return runCheck(check, input, args, CHECK_CONTEXT);
}

const messages = (result: { findings: { message: string }[] }) => result.findings.map((f) => f.message);

describe('after-gives-next (contract §3.4)', () => {
  const pages = [['a', 'b'], ['c', 'd'], ['e']];

  it('passes where each fed-back cursor gives the page next gave, judging each', () => {
    const afterProbes = [{ page: 1, body: { data: [{ id: 'c' }, { id: 'd' }] }, exchange: answer({}) }, { page: 2, body: { data: [{ id: 'e' }] }, exchange: answer({}) }];
    expect(judge('after-gives-next', walk(pages, { afterProbes }), {})).toMatchObject({ findings: [], judged: 2 });
  });

  it('names the page whose cursor gives other items, is refused, or is missing', () => {
    const afterProbes = [
      { page: 1, body: { data: [{ id: 'b' }, { id: 'c' }] }, exchange: answer({}) },
      { page: 2, body: { error: { code: 100 } }, exchange: answer({ error: { code: 100 } }, 400) },
    ];
    const found = messages(judge('after-gives-next', walk(pages, { afterProbes }), {}));
    expect(found[0]).toMatch(/page 1's `cursors.after` fed back as after= gives \["b","c"\], but its paging.next gave \["c","d"\]/);
    expect(found[1]).toMatch(/page 2's `cursors.after` fed back as after= was refused/);
    expect(messages(judge('after-gives-next', walk(pages, { afterProbes: [{ page: 1 }] }), {}))).toEqual([
      'page 1 carries paging.next but no `cursors.after` string',
    ]);
  });

  it('tells items apart by another key, and judges nothing without a page to hold a cursor against', () => {
    const subs = [{ data: [{ object: 'user' }, { object: 'page' }] }, { data: [{ object: 'permissions' }] }];
    const afterProbes = [{ page: 1, body: { data: [{ object: 'permissions' }] }, exchange: answer({}) }];
    expect(judge('after-gives-next', walk(subs, { afterProbes }), { key: 'object' })).toMatchObject({ findings: [], judged: 1 });
    // The walk stopped before following page 2's next: that probe is not judged.
    const stopped = judge('after-gives-next', walk([['a']], { afterProbes: [{ page: 1, body: { data: [] } }] }), {});
    expect(stopped).toMatchObject({ judged: 0, nothingJudged: expect.stringMatching(/no page carried paging.next/) });
  });
});

describe('second-page-due (an assume: R53)', () => {
  it('is due when the page carries next, or leaves out an item the rule made', () => {
    expect(judge('second-page-due', walk([{ data: [{ id: 'a' }], paging: { next: 'http://x/next' } }]), {}).findings).toEqual([]);
    expect(judge('second-page-due', walk([['a', 'b']]), { made: ['a', 'b', 'c'] }).findings).toEqual([]);
  });

  it('is not when the page holds every item the rule made and no next, at a path too', () => {
    expect(messages(judge('second-page-due', walk([['a', 'b']]), { made: ['a', 'b'] }))).toEqual([
      'the first page holds 2 item(s), among them all 2 the rule made, and no paging.next: there is no second page to walk',
    ]);
    const thread = walk([{ id: 't', messages: [{ text: 'hi' }] }]);
    expect(messages(judge('second-page-due', thread, { at: 'messages', key: 'none' }))[0]).toMatch(/holds 1 item\(s\) and no paging.next/);
  });
});

describe('walk-total-count', () => {
  const withTotal = (ids: string[], total?: unknown) => ({ data: ids.map((id) => ({ id })), ...(total === undefined ? {} : { summary: { total_count: total } }) });

  it('holds each page that carries it to the walk\'s count: equal, or with at_least no smaller', () => {
    const pages = walk([withTotal(['a', 'b'], 3), withTotal(['c'])]);
    expect(judge('walk-total-count', pages, {})).toMatchObject({ findings: [], judged: 1 });
    expect(messages(judge('walk-total-count', walk([withTotal(['a', 'b'], 4), withTotal(['c'], 3)]), {}))).toEqual([
      'page 1: `summary.total_count` is 4, but the walk listed 3 item(s)',
    ]);
    expect(judge('walk-total-count', walk([withTotal(['a', 'b'], 4), withTotal(['c'], 3)]), { at_least: true }).findings).toEqual([]);
    expect(messages(judge('walk-total-count', walk([withTotal(['a', 'b'], 2), withTotal(['c'])]), { at_least: true }))[0]).toMatch(/is 2, but the walk listed 3/);
  });

  it('wants an int32 on the first page, and judges no equality over a walk that stopped early', () => {
    expect(messages(judge('walk-total-count', walk([withTotal(['a'])]), {}))[0]).toMatch(/page 1: `summary.total_count` is undefined, expected an int32/);
    expect(messages(judge('walk-total-count', walk([withTotal(['a'], 2 ** 31)]), { at_least: true }))[0]).toMatch(/expected an int32/);
    const stopped = judge('walk-total-count', walk([withTotal(['a'], 9)], { stopped: { page: 1 } }), {});
    expect(stopped).toMatchObject({ judged: 0, nothingJudged: expect.stringMatching(/did not reach the list's end/) });
  });
});

describe('walk-item-count (items counted only: R22, NS-04)', () => {
  it('counts the pages together, arrays and list results alike, against a number or a collection', () => {
    // The middle page a bare array (R22).
    const pages = walk([{ data: [{}], paging: { next: 'x' } }, { data: [] }, { data: [{}, {}] }]);
    pages.bodies[1] = [{}];
    expect(judge('walk-item-count', pages, { equals: 4, max_per_page: 2 })).toMatchObject({ findings: [], judged: 3 });
    expect(judge('walk-item-count', pages, { equals: { data: [1, 2, 3, 4] } }).findings).toEqual([]);
    expect(messages(judge('walk-item-count', pages, { equals: 5 }))).toEqual(['the 3 page(s) hold 4 item(s) together, expected 5']);
    expect(messages(judge('walk-item-count', pages, { equals: 4, max_per_page: 1 }))).toEqual(['page 3 holds 2 item(s), more than 1']);
  });
});

describe('each-item-once with a key and a partial walk', () => {
  it('tells items apart by the key', () => {
    const subs = walk([{ data: [{ object: 'user' }, { object: 'page' }] }, { data: [{ object: 'page' }] }]);
    expect(messages(judge('each-item-once', subs, { key: 'object' }))).toEqual(['item page appears again (first on page 1, again on page 2)']);
  });

  it('a walk cut at its bound is no finding when partial, and its unreached items are not judged', () => {
    const cut = walk([['a'], ['b']], { truncated: true });
    expect(judge('each-item-once', cut, { includes: ['z'], partial: true }).findings).toEqual([]);
    expect(messages(judge('each-item-once', cut, { includes: ['z'] }))).toEqual(['the walk had not ended after 2 pages', 'item z never appeared in the walk']);
  });
});
