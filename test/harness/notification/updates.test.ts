import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dedupe, updateKey } from '../../../harness/notification/dedupe.js';
import { type ParsedAttempt, updatesOf } from '../../../harness/notification/updates-of.js';
import { REALWORLD } from '../../helpers/paths.js';

const WEBHOOKS = join(REALWORLD, 'restfb', 'webhooks');
const recorded = (file: string, seq: number): ParsedAttempt => ({
  seq,
  json: JSON.parse(readFileSync(`${WEBHOOKS}/${file}`, 'utf8')),
});

describe('updatesOf', () => {
  it('flattens a recorded changes-form notification', () => {
    const [update, ...rest] = updatesOf([recorded('feed-comment-add-211.json', 7)]);
    expect(rest).toEqual([]);
    expect(update).toMatchObject({ object: 'page', id: '1234567890321', field: 'feed', time: 1449135003 });
    expect(update).toMatchObject({ form: 'changes', attempt: 7 });
    expect(update?.value).toMatchObject({ item: 'comment', verb: 'add' });
  });

  it('keeps every entry of a batch', () => {
    const updates = updatesOf([recorded('feed-two-entries-25.json', 1)]);
    expect(updates.map((u) => u.field)).toEqual(['parking', 'payment_options']);
  });

  it('reads the changed_fields form without values', () => {
    const json = { object: 'user', entry: [{ id: '42', time: 1, changed_fields: ['photos', 'feed'] }] };
    const updates = updatesOf([{ seq: 1, json }]);
    expect(updates).toEqual([
      { object: 'user', id: '42', field: 'photos', time: 1, form: 'changed_fields', attempt: 1 },
      { object: 'user', id: '42', field: 'feed', time: 1, form: 'changed_fields', attempt: 1 },
    ]);
  });

  it('ignores bodies that are not notifications', () => {
    expect(updatesOf([{ seq: 1 }, { seq: 2, json: 'x' }, { seq: 3, json: { entry: 'no' } }])).toEqual([]);
  });
});

describe('dedupe', () => {
  it('keeps the first arrival and ignores time and key order', () => {
    const first = {
      object: 'page',
      entry: [{ id: '1', time: 10, changes: [{ field: 'feed', value: { a: 1, b: 2 } }] }],
    };
    const retry = {
      object: 'page',
      entry: [{ id: '1', time: 99, changes: [{ field: 'feed', value: { b: 2, a: 1 } }] }],
    };
    const kept = dedupe(
      updatesOf([
        { seq: 1, json: first },
        { seq: 2, json: retry },
      ]),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]?.attempt).toBe(1);
  });

  it('keeps updates that differ in value, field or id', () => {
    const json = {
      object: 'page',
      entry: [
        {
          id: '1',
          time: 1,
          changes: [
            { field: 'feed', value: 1 },
            { field: 'feed', value: 2 },
            { field: 'x', value: 1 },
          ],
        },
        { id: '2', time: 1, changes: [{ field: 'feed', value: 1 }] },
      ],
    };
    expect(dedupe(updatesOf([{ seq: 1, json }]))).toHaveLength(4);
  });

  it('exposes the identity it uses', () => {
    expect(updateKey({ object: 'page', id: '1', field: 'f', value: { a: 1, b: 2 } })).toBe(
      updateKey({ object: 'page', id: '1', field: 'f', value: { b: 2, a: 1 } }),
    );
  });
});
