import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import type { Exchange } from '../../../harness/model/index.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


function exchange(status: number, body: unknown): Exchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
    response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

/** One exchange per body, all answered with `status` (a walk's pages, say). */
function pages(bodies: unknown[], status = 200): CheckInput {
  return { exchanges: bodies.map((b) => exchange(status, b)), bodies, facts: {} };
}

const failure = { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } };

function run(name: string, input: CheckInput, args: unknown): string[] {
  const check = CHECKS.get(name);
  if (!check) throw new Error(`no check ${name}`);
  expect(schemaProblem(check.args, args)).toBeUndefined();
  expect(check.explain(args).length).toBeGreaterThan(10);
  return runCheck(check, input, args, CHECK_CONTEXT).findings.map((f) => f.message);
}

describe('every-item', () => {
  const walk = pages([{ data: [{ id: 1, severity: 'fatal' }] }, { data: [{ id: 2, severity: 'fatal' }] }]);

  it('passes when every item of every page matches and enough items were listed', () => {
    expect(run('every-item', walk, { path: 'severity', equals: 'fatal', min_items: 2 })).toEqual([]);
  });

  it('names the item that does not match, on whichever page', () => {
    const mixed = pages([{ data: [{ id: 1, severity: 'fatal' }] }, { data: [{ id: 2, severity: 'warning' }] }]);
    expect(run('every-item', mixed, { path: 'severity', equals: 'fatal' })).toEqual([
      'item 2: `severity` is "warning", expected "fatal"',
    ]);
  });

  it('does not pass an empty list vacuously when items are required', () => {
    expect(run('every-item', pages([{ data: [] }]), { path: 'severity', equals: 'fatal', min_items: 1 })).toEqual([
      '0 item(s) listed, expected at least 1',
    ]);
  });

  it('with or_error, counts an error answer as a refusal and still judges the items of a success', () => {
    const args = { path: 'id', exists: false, or_error: true };
    const refused = runCheck(CHECKS.get('every-item')!, pages([failure], 400), args, CHECK_CONTEXT);
    expect(refused).toMatchObject({ findings: [], judged: 1, refusals: [0] });
    expect(run('every-item', pages([{ data: [{ message: 'hi' }] }]), args)).toEqual([]);
    expect(run('every-item', pages([{ data: [{ id: '1_2' }] }]), args)).toEqual(['item 1_2: `id` is present ("1_2")']);
  });

  it('without or_error, an error answer judged nothing', () => {
    expect(runCheck(CHECKS.get('every-item')!, pages([failure], 400), { path: 'id', exists: false }, CHECK_CONTEXT)).toMatchObject({ judged: 0 });
  });

  it('refuses arguments without a matcher at load time', () => {
    expect(schemaProblem(CHECKS.get('every-item')!.args, { path: 'severity' })?.message).toMatch(/^needs one of equals, one_of/);
  });
});

describe('in-order', () => {
  const listed = pages([{ data: [{ id: 'a' }, { id: 'x' }] }, { data: [{ id: 'b' }, { id: 'c' }] }]);

  it('passes when the ids appear in that order across pages, other items between', () => {
    expect(run('in-order', listed, { ids: ['a', 'b', 'c'] })).toEqual([]);
  });

  it('reports the order seen when it differs', () => {
    expect(run('in-order', listed, { ids: ['c', 'b', 'a'] })).toEqual([
      'items listed in the order a, b, c, expected c, b, a',
    ]);
  });

  it('reports ids that are not listed at all', () => {
    expect(run('in-order', listed, { ids: ['a', 'z'] })).toEqual(['item(s) z not listed']);
  });
});

describe('error-or-field', () => {
  const args = { path: 'status', one_of: ['PENDING_DELETION', 'DELETED'] };

  it('passes an error and a success whose field matches', () => {
    expect(run('error-or-field', pages([failure], 400), args)).toEqual([]);
    expect(run('error-or-field', pages([{ status: 'DELETED' }]), args)).toEqual([]);
  });

  it('fails a success whose field does not match', () => {
    expect(run('error-or-field', pages([{ status: 'APPROVED' }]), args)).toHaveLength(1);
  });

  it('counts a 200 with a top-level error object as an error (contract §3.1)', () => {
    expect(run('error-or-field', pages([failure], 200), args)).toEqual([]);
  });
});

describe('field-not', () => {
  it('fails only on the forbidden values; absence passes', () => {
    expect(run('field-not', pages([{ status: 'APPROVED' }]), { path: 'status', equals: 'APPROVED' })).toHaveLength(1);
    expect(run('field-not', pages([{ status: 'PENDING' }]), { path: 'status', equals: 'APPROVED' })).toEqual([]);
    expect(run('field-not', pages([{ id: '1' }]), { path: 'status', one_of: ['APPROVED', 'PAUSED'] })).toEqual([]);
  });
});

describe('collection-size', () => {
  it('counts an array and a list result alike (reading R22)', () => {
    const args = { path: 'messages', min: 2, max: 2 };
    expect(run('collection-size', pages([{ messages: [1, 2] }]), args)).toEqual([]);
    expect(run('collection-size', pages([{ messages: { data: [1, 2], paging: {} } }]), args)).toEqual([]);
  });

  it('compares with an earlier collection of either form', () => {
    const earlier = { data: [1, 2, 3] };
    expect(run('collection-size', pages([{ messages: [1, 2] }]), { path: 'messages', fewer_than: earlier })).toEqual([]);
    expect(run('collection-size', pages([{ messages: [1, 2, 3] }]), { path: 'messages', fewer_than: earlier })).toEqual([
      '`messages` holds 3 item(s), expected fewer than 3',
    ]);
    expect(run('collection-size', pages([{ messages: [1, 2, 3] }]), { path: 'messages', min: [1, 2, 3] })).toEqual([]);
  });

  it('fails a value that is no collection', () => {
    expect(run('collection-size', pages([{ messages: 'three' }]), { path: 'messages', min: 1 })).toEqual([
      '`messages` is neither an array nor a list result with a `data` array',
    ]);
  });
});

describe('ok-when', () => {
  it('wants a success when the flag was true and an error when it was false', () => {
    expect(run('ok-when', pages([{ id: '1' }]), { success: true })).toEqual([]);
    expect(run('ok-when', pages([failure], 400), { success: false })).toEqual([]);
    expect(run('ok-when', pages([failure], 400), { success: true })[0]).toMatch(/^announced as possible, but got an error/);
    expect(run('ok-when', pages([{ id: '1' }]), { success: false })[0]).toMatch(/^announced as not possible/);
  });

  it('refuses a flag that is neither true nor false', () => {
    expect(run('ok-when', pages([{ id: '1' }]), { success: 'maybe' })).toEqual([
      'the announced flag "maybe" is neither true nor false',
    ]);
  });
});

describe('field-if-present', () => {
  const args = { path: 'category', equals: 'MARKETING' };

  it('judges the value where the answer shows it', () => {
    expect(run('field-if-present', pages([{ id: '1', category: 'MARKETING' }]), args)).toEqual([]);
    expect(run('field-if-present', pages([{ id: '1', category: 'UTILITY' }]), args)).toEqual([
      '`category` is "UTILITY", expected "MARKETING"',
    ]);
  });

  it('judged nothing when the answer leaves the field out (R24): the rule cannot judge, it does not fail', () => {
    const result = runCheck(CHECKS.get('field-if-present')!, pages([{ id: '1' }]), args, CHECK_CONTEXT);
    expect(result).toMatchObject({ findings: [], judged: 0, nothingJudged: 'the answer does not show `category`' });
  });
});

describe('item with same_members', () => {
  const listed = (countries: unknown) => pages([{ data: [{ id: 'p', feed_targeting: { countries } }] }]);
  const args = { id: 'p', path: 'feed_targeting.countries', same_members: ['US', 'FR', 'DE'] };

  it('passes the same values in another order', () => {
    expect(run('item', listed(['DE', 'US', 'FR']), args)).toEqual([]);
  });

  it('fails a value missing, one too many, one repeated in place of another, or a scalar', () => {
    expect(run('item', listed(['US', 'FR']), args)).toEqual(['item p: `feed_targeting.countries` is ["US","FR"], expected the members ["US","FR","DE"] in any order']);
    expect(run('item', listed(['US', 'FR', 'DE', 'GB']), args)).toHaveLength(1);
    expect(run('item', listed(['US', 'US', 'FR']), args)).toHaveLength(1);
    expect(run('item', listed('US'), args)).toHaveLength(1);
  });
});
