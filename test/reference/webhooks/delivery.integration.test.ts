import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Update } from '../../../reference/webhooks/index.js';
import {
  APP_SECRET,
  type Payload,
  payloadOf,
  T0,
  updateCount,
} from '../../helpers/reference/webhooks-receiver.js';
import { type SubscribedOptions, useWebhookTestBed } from '../../helpers/reference/webhooks-test-bed.js';
import { REALWORLD } from '../../helpers/paths.js';


const bed = useWebhookTestBed();
const subscribed = (options?: SubscribedOptions) => bed.subscribed(options);

const feed = (id: string, value: unknown): Update => ({ object: 'page', id, field: 'feed', value });

function realworldUpdates(): Update[] {
  const dir = join(REALWORLD, 'restfb', 'webhooks');
  return readdirSync(dir).flatMap((name) => {
    const p = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Payload;
    return p.entry.flatMap((e) =>
      (e.changes ?? [])
        .filter((c) => c.value !== undefined)
        .map((c) => ({ object: p.object, id: e.id, ...c })),
    );
  });
}

describe('signed notifications', () => {
  it('signs the exact raw bytes with HMAC-SHA256 of the app secret, as JSON, stamped with the virtual time', async () => {
    const { r, svc } = await subscribed();
    svc.acceptEvents([feed('2000001', { item: 'status', verb: 'add', message: 'a/b "q"' })]);
    await svc.idle();
    const [post] = r.posts();
    const hex = createHmac('sha256', APP_SECRET)
      .update(post?.rawBody ?? Buffer.alloc(0))
      .digest('hex');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-hub-signature-256']).toBe(`sha256=${hex}`);
    expect(payloadOf(post!)).toEqual({
      object: 'page',
      entry: [
        {
          id: '2000001',
          time: T0,
          changes: [{ field: 'feed', value: { item: 'status', verb: 'add', message: 'a/b "q"' } }],
        },
      ],
    });
  });

  it('keeps non-ASCII text intact in UTF-8 and signs those bytes', async () => {
    const whatsapp = JSON.parse(
      readFileSync(join(REALWORLD, 'restfb/whatsapp/webhook-incoming-message-emoji.json'), 'utf8'),
    ) as Payload;
    const value = whatsapp.entry[0]?.changes?.[0]?.value;
    const { r, svc } = await subscribed();
    svc.acceptEvents([feed('2000001', value), feed('2000001', { message: 'Grüße, 東京 ✓' })]);
    await svc.idle();
    const [post] = r.posts();
    expect(post?.rawBody.toString('utf8')).toContain('👍🏻');
    expect(payloadOf(post!).entry[0]?.changes?.map((c) => c.value)).toEqual([
      value,
      { message: 'Grüße, 東京 ✓' },
    ]);
    const hex = createHmac('sha256', APP_SECRET).update(post!.rawBody).digest('hex');
    expect(post?.headers['x-hub-signature-256']).toBe(`sha256=${hex}`);
  });

  it('delivers real-world page values unchanged', async () => {
    const updates = realworldUpdates().filter((u) => u.object === 'page');
    expect(updates.length).toBeGreaterThan(20);
    const { r, svc } = await subscribed({ fields: [...new Set(updates.map((u) => u.field))] });
    svc.acceptEvents(updates);
    await svc.idle();
    const delivered = r
      .posts()
      .flatMap((p) =>
        payloadOf(p).entry.flatMap((e) => (e.changes ?? []).map((c) => ({ object: 'page', id: e.id, ...c }))),
      );
    const key = (u: Update) => JSON.stringify([u.id, u.field, u.value]);
    expect(delivered.map(key).sort()).toEqual(updates.map(key).sort());
  });

  it('sends changed_fields and no values when include_values is false', async () => {
    const { r, svc } = await subscribed({ includeValues: false, fields: ['feed', 'mention'] });
    svc.acceptEvents([
      feed('1', { a: 1 }),
      { object: 'page', id: '1', field: 'mention', value: {} },
      feed('1', {}),
    ]);
    await svc.idle();
    const entries = r.posts().flatMap((p) => payloadOf(p).entry);
    expect(entries.every((e) => e.changes === undefined)).toBe(true);
    expect(entries.flatMap((e) => e.changed_fields)).toEqual(['feed', 'mention', 'feed']);
    expect(entries.every((e) => new Set(e.changed_fields).size === e.changed_fields?.length)).toBe(true);
  });

  it('counts any 2xx as an acknowledgement', async () => {
    const { r, svc } = await subscribed({ receiver: { ackStatus: 204 } });
    svc.acceptEvents([feed('1', {})]);
    await svc.idle();
    await svc.runDue(T0 + 48 * 3600);
    expect(r.posts()).toHaveLength(1);
    expect(svc.deliveries()).toEqual([{ at: T0, url: r.url, updates: 1, status: 204 }]);
  });
});

describe('what is delivered to whom', () => {
  it('never delivers fields or objects the subscription does not name (R31)', async () => {
    const { r, svc } = await subscribed({ fields: ['feed'] });
    svc.acceptEvents([
      { object: 'page', id: '1', field: 'mention', value: {} },
      { object: 'user', id: '1', field: 'feed', value: {} },
      feed('1', { kept: true }),
    ]);
    await svc.idle();
    const entries = r.posts().flatMap((p) => payloadOf(p).entry);
    expect(entries.flatMap((e) => e.changes)).toEqual([{ field: 'feed', value: { kept: true } }]);
  });

  it('sends one object type per POST when two subscriptions share a callback', async () => {
    const { r, svc } = await subscribed();
    await svc.upsert({
      object: 'user',
      callback_url: r.url,
      fields: ['feed'],
      include_values: true,
      verify_token: 't',
    });
    svc.acceptEvents([feed('1', {}), { object: 'user', id: '9', field: 'feed', value: {} }]);
    await svc.idle();
    expect(
      r
        .posts()
        .map((p) => payloadOf(p).object)
        .sort(),
    ).toEqual(['page', 'user']);
  });

  it('sends nothing while the app is not Live, and keeps nothing for later', async () => {
    const { r, svc, state } = await subscribed();
    state.live = false;
    expect(svc.acceptEvents([feed('1', {}), feed('2', {})])).toBe(2);
    await svc.idle();
    state.live = true;
    state.now = T0 + 48 * 3600;
    await svc.runDue(state.now);
    await svc.idle();
    expect(r.posts()).toHaveLength(0);
    expect(svc.deliveries()).toEqual([]);
  });

  it('cuts 2,500 updates into batches of at most 1000 and delivers each update once (R7)', async () => {
    const { r, svc } = await subscribed({ includeValues: true });
    const updates = Array.from({ length: 2500 }, (_, n) => feed(String(n % 700), { n }));
    svc.acceptEvents(updates);
    await svc.idle();
    const payloads = r.posts().map(payloadOf);
    expect(payloads.length).toBeGreaterThanOrEqual(3);
    for (const p of payloads) {
      expect(updateCount(p)).toBeLessThanOrEqual(1000);
      expect(p.entry.length).toBeLessThanOrEqual(1000);
    }
    const seen = payloads.flatMap((p) =>
      p.entry.flatMap((e) => (e.changes ?? []).map((c) => (c.value as { n: number }).n)),
    );
    expect(seen.sort((a, b) => a - b)).toEqual(updates.map((_, n) => n));
  });

  it('reset clears the delivery log', async () => {
    const { svc } = await subscribed();
    svc.acceptEvents([feed('1', {})]);
    await svc.idle();
    expect(svc.deliveries()).toHaveLength(1);
    svc.reset();
    expect(svc.deliveries()).toEqual([]);
  });
});
