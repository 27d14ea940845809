import { digits } from './seeded-random.js';

/** The notification bodies `webhook-test` sends, as the exact bytes that get signed. */
export interface Payloads {
  /** One `page` entry in the `changes` form (Include Values on). */
  changes: Buffer;
  /** One `user` entry in the `changed_fields` form (Include Values off). */
  changedFields: Buffer;
  /** Three `page` entries with two changes each: "Changes from different objects of the same type may be batched." */
  batched: Buffer;
  /** Non-ASCII text sent as raw UTF-8. */
  nonAscii: Buffer;
  /** The same kind of text with `\uXXXX` escapes and escaped slashes `\/`, as PHP-style encoders write it. */
  escaped: Buffer;
}

const TEXT = 'Café ☕ naïve 日本語 “quotes” 🎉 https://app.example/p/1?a=b&c=d';

export function buildPayloads(random: () => number, nowSeconds: number): Payloads {
  const pageId = () => digits(random, 15);
  const feedChange = () => ({
    field: 'feed',
    value: {
      item: 'status',
      verb: 'add',
      post_id: `${pageId()}_${digits(random, 15)}`,
      message: 'graphcheck',
    },
  });
  const pageEntry = (changes: object[]) => ({ id: pageId(), time: nowSeconds, changes });
  const userId = digits(random, 15);
  const text = { field: 'feed', value: { item: 'status', verb: 'edited', message: TEXT } };
  return {
    changes: json({ object: 'page', entry: [pageEntry([feedChange()])] }),
    changedFields: json({
      object: 'user',
      entry: [{ id: userId, uid: userId, time: nowSeconds, changed_fields: ['photos'] }],
    }),
    batched: json({
      object: 'page',
      entry: [1, 2, 3].map(() => pageEntry([feedChange(), { field: 'mention', value: { verb: 'add' } }])),
    }),
    nonAscii: json({ object: 'page', entry: [pageEntry([text])] }),
    escaped: Buffer.from(escapedJson({ object: 'page', entry: [pageEntry([text])] }), 'utf8'),
  };
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** ASCII-only JSON: every code unit above 0x7e as `\uXXXX` (surrogates separately) and `/` as `\/`. */
export function escapedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}
