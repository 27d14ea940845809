import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../harness/model/index.js';
import { applyEffects } from '../../../harness/sequence/effects.js';
import { listed } from '../../../harness/sequence/judges/listed.js';
import { itemRead } from '../../../harness/sequence/judges/item-read.js';
import { setsListed } from '../../../harness/sequence/judges/sets-listed.js';
import { totalCount } from '../../../harness/sequence/judges/total-count.js';
import type { Read } from '../../../harness/sequence/judges/model-judge.js';
import { addItem, initialModel, type Model } from '../../../harness/sequence/model.js';

const exchange = (status: number, body: unknown): Exchange =>
  ({ request: { method: 'GET', url: 'http://t/x', headers: {} }, response: { status, headers: {}, body: JSON.stringify(body) } }) as unknown as Exchange;

/** A walk read of pages, each a list result of these ids (and `extra` fields on the first page). */
const walk = (pages: string[][], extra: Record<string, unknown> = {}): Read => {
  const bodies = pages.map((ids, i) => ({ data: ids.map((id) => ({ id })), ...(i === 0 ? extra : {}) }));
  return { picked: {}, exchanges: bodies.map((b) => exchange(200, b)), bodies };
};

function comments(): Model {
  const model = initialModel({ model: { comments: [] }, operations: [] });
  addItem(model, 'comments', { id: '1', level: 'top', deleted: false });
  addItem(model, 'comments', { id: '2', level: 'reply', parent: '1', deleted: false });
  addItem(model, 'comments', { id: '3', level: 'top', deleted: true });
  return model;
}

describe('the model and its effects', () => {
  it('adds, updates by pick and by where, removes, and unions and subtracts set members', () => {
    const model = initialModel({ model: { subs: [], posts: [] }, operations: [] });
    const scope = { given: { fields: ['feed', 'name'] }, picked: {} };
    applyEffects(model, [{ union: { in: 'subs', key: { object: 'page' }, field: 'fields', values: '{{given.fields}}' } }], scope, {});
    applyEffects(model, [{ union: { in: 'subs', key: { object: 'page' }, field: 'fields', values: ['name', 'photos'] } }], scope, {});
    expect(model.collections.subs).toEqual([{ object: 'page', fields: ['feed', 'name', 'photos'], seq: 1 }]);
    applyEffects(model, [{ subtract: { in: 'subs', key: { object: 'page' }, field: 'fields', values: ['feed'] } }], scope, {});
    expect(model.collections.subs?.[0]?.fields).toEqual(['name', 'photos']);
    const post = addItem(model, 'posts', { id: 'p1', state: 'scheduled', at: 100 });
    addItem(model, 'posts', { id: 'p2', state: 'scheduled', at: 500 });
    applyEffects(model, [{ update: { in: 'posts', where: { state: 'scheduled', at: { lte: '{{now}}' } }, set: { state: 'published' } } }], { now: 200 }, {});
    expect(model.collections.posts?.map((p) => p.state)).toEqual(['published', 'scheduled']);
    applyEffects(model, [{ remove: { from: 'posts', item: 'post' } }], {}, { post: post });
    expect(model.collections.posts?.map((p) => p.id)).toEqual(['p2']);
    applyEffects(model, [{ remove: { from: 'subs' } }], {}, {});
    expect(model.collections.subs).toEqual([]);
  });
});

describe('listed', () => {
  const args = { in: 'comments', where: { level: 'top', deleted: false }, absent: [{ deleted: true }, { level: 'reply' }], in_order: true, others: 'refuse' as const };

  it('passes a walk that lists exactly the live top-level comments, and counts what it judged', () => {
    const result = listed.run({ model: comments(), operation: 'read', reads: [walk([['1'], []])] }, args);
    expect(result.findings).toEqual([]);
    expect(result.judged).toBe(4);
  });

  it('finds a deleted comment still listed, saying what the model expected and what came back', () => {
    const [finding] = listed.run({ model: comments(), operation: 'read', reads: [walk([['1'], ['3']])] }, args).findings;
    expect(finding?.message).toBe('comments 3 is listed, though the model holds it gone (level top, deleted true)');
    expect(finding?.exchange).toBe(1);
    expect(finding?.expected).toBe('listed once each: 1; not listed: 2, 3');
    expect(finding?.actual).toBe('listed: 1, 3');
  });

  it('finds an item listed twice, one missing, and one the sequence never made', () => {
    const twice = listed.run({ model: comments(), operation: 'read', reads: [walk([['1', '1']])] }, args).findings;
    expect(twice.map((f) => f.message)).toContain('comments 1 is listed 2 times; the model holds it once');
    const missing = listed.run({ model: comments(), operation: 'read', reads: [walk([[]])] }, args).findings;
    expect(missing.map((f) => f.message)).toContain('comments 1 is listed nowhere; the model holds it once');
    const stranger = listed.run({ model: comments(), operation: 'read', reads: [walk([['1', '99']])] }, args).findings;
    expect(stranger.map((f) => f.message)).toContain('the list holds 99, which the sequence never made');
  });

  it('judges nothing where the model holds nothing to judge by', () => {
    const empty = initialModel({ model: { comments: [] }, operations: [] });
    const result = listed.run({ model: empty, operation: 'read', reads: [walk([[]])] }, { in: 'comments' });
    expect(result.judged).toBe(0);
    expect(result.nothingJudged).toMatch(/no comments item/);
  });
});

describe('total-count', () => {
  const args = { path: 'summary.total_count', in: 'comments', counts: { level: 'top' } };
  const read = (count: unknown) => walk([['1']], { summary: { total_count: count } });

  it('accepts a count from the listed up to the comments of its kind ever made, deleted ones included', () => {
    for (const count of [1, 2]) expect(totalCount.run({ model: comments(), operation: 'r', reads: [read(count)] }, args).findings).toEqual([]);
  });

  it('finds a count above what was ever made (replies counted as top-level) or below what is listed', () => {
    expect(totalCount.run({ model: comments(), operation: 'r', reads: [read(3)] }, args).findings[0]?.message).toBe(
      '`summary.total_count` is 3, more than the 2 comments of this kind the sequence ever made',
    );
    expect(totalCount.run({ model: comments(), operation: 'r', reads: [read(0)] }, args).findings[0]?.message).toMatch(/fewer than the 1 listed/);
    expect(totalCount.run({ model: comments(), operation: 'r', reads: [read('2')] }, args).findings[0]?.message).toMatch(/not an integer/);
  });
});

describe('item-read', () => {
  const args = { item: 't', live: { deleted: false }, fields: { name: 'name' }, gone: { deleted: true }, gone_status: { path: 'status', one_of: ['DELETED'] } };
  const one = (item: Record<string, unknown>, status: number, body: unknown): Read => ({ picked: { t: item }, exchanges: [exchange(status, body)], bodies: [body] });
  const live = { id: '1', name: 'a', deleted: false, seq: 1 };
  const gone = { id: '2', name: 'b', deleted: true, seq: 2 };

  it('holds a live template to its name and a deleted one to an error or a deleted status', () => {
    const ok = itemRead.run({ model: initialModel({ model: {}, operations: [] }), operation: 'r', reads: [one(live, 200, { name: 'a', status: 'APPROVED' }), one(gone, 200, { status: 'DELETED' })] }, args);
    expect(ok).toEqual({ findings: [], judged: 2 });
    const kept = itemRead.run({ model: initialModel({ model: {}, operations: [] }), operation: 'r', reads: [one(live, 200, { name: 'a' }), one(gone, 200, { name: 'b', status: 'APPROVED' })] }, args);
    expect(kept.findings[0]?.message).toBe('t 2 still reads as it was, though the model holds it gone');
  });

  it('counts an error for a deleted template only next to a live one read back (R51)', () => {
    const alone = itemRead.run({ model: initialModel({ model: {}, operations: [] }), operation: 'r', reads: [one(gone, 400, { error: { code: 100 } })] }, args);
    expect(alone.judged).toBe(0);
    expect(alone.nothingJudged).toMatch(/R51/);
  });
});

describe('sets-listed', () => {
  const model = () => {
    const m = initialModel({ model: { subs: [] }, operations: [] });
    addItem(m, 'subs', { object: 'page', fields: ['feed', 'name'] });
    addItem(m, 'subs', { object: 'user', fields: [] });
    return m;
  };
  const args = { in: 'subs', key: 'object', set: 'fields', with: { active: true } };
  const read = (data: unknown[]): Read => ({ picked: {}, exchanges: [exchange(200, { data })], bodies: [{ data }] });

  it('accepts the fields as a set, and an object without fields listed empty or not at all (silent)', () => {
    expect(setsListed.run({ model: model(), operation: 'r', reads: [read([{ object: 'page', fields: ['name', 'feed'], active: true }])] }, args).findings).toEqual([]);
    const empty = [{ object: 'page', fields: ['feed', 'name'], active: true }, { object: 'user', fields: [] }];
    expect(setsListed.run({ model: model(), operation: 'r', reads: [read(empty)] }, args).findings).toEqual([]);
  });

  it('finds a deleted field back, and an object the model does not hold', () => {
    const back = setsListed.run({ model: model(), operation: 'r', reads: [read([{ object: 'page', fields: ['feed', 'name', 'photos'], active: true }])] }, args);
    expect(back.findings[0]?.message).toBe('subs page lists fields [feed, name, photos]; the model holds [feed, name]');
    const stranger = setsListed.run({ model: model(), operation: 'r', reads: [read([{ object: 'page', fields: ['feed', 'name'], active: true }, { object: 'payments', fields: ['x'] }])] }, args);
    expect(stranger.findings[0]?.message).toMatch(/subs payments is listed, though the model holds none/);
  });
});
