import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createWebhookService, type Update, WEBHOOK_FAULTS } from '../../../reference/webhooks/index.js';
import {
  APP_SECRET,
  closedPort,
  makeSelfSignedCert,
  payloadOf,
  type ReceiverOptions,
  T0,
  testDeps,
  updateCount,
} from '../../helpers/reference/webhooks-receiver.js';
import { useWebhookTestBed } from '../../helpers/reference/webhooks-test-bed.js';

const HOUR = 3600;
const bed = useWebhookTestBed();
const receiver = (options: ReceiverOptions = {}) => bed.receiver(options);

function service(fault: string) {
  const t = testDeps({ trusted: [bed.ca.caPem], faults: [fault] });
  return { svc: createWebhookService(t.deps), state: t.state };
}

const sub = (url: string, fields = ['feed'], includeValues = true) => ({
  object: 'page',
  callback_url: url,
  fields,
  include_values: includeValues,
  verify_token: 'v',
});
const feed = (n: number): Update => ({ object: 'page', id: String(n), field: 'feed', value: { n } });

/** Subscribes with `fault` on, accepts `updates` at T0 and waits for the first attempts. */
async function deliver(fault: string, updates: Update[], options: ReceiverOptions = {}, live = true) {
  const subscribed = await bed.subscribed({ receiver: options, deps: { faults: [fault] } });
  subscribed.state.live = live;
  await subscribed.accept(updates);
  return { ...subscribed, first: subscribed.r.posts()[0] };
}

const hmac = (raw: Buffer) => createHmac('sha256', APP_SECRET).update(raw).digest('hex');

describe('the fault catalogue', () => {
  it('names every required switch with a webhooks- or subscriptions- prefix', () => {
    const required = [
      'webhooks-wrong-signature-key',
      'webhooks-signature-reserialized',
      'webhooks-signature-no-prefix',
      'webhooks-no-retry',
      'webhooks-no-immediate-retry',
      'webhooks-shrinking-intervals',
      'webhooks-retry-past-36h',
      'webhooks-batch-over-1000',
      'webhooks-include-values-ignored',
      'webhooks-unsubscribed-fields-delivered',
      'webhooks-send-when-not-live',
      'webhooks-wrong-content-type',
      'webhooks-object-always-page',
      'webhooks-time-not-seconds',
      'webhooks-drop-updates',
      'subscriptions-wrong-challenge-accepted',
      'subscriptions-self-signed-accepted',
      'subscriptions-http-accepted',
      'subscriptions-fields-overwritten',
      'subscriptions-delete-fields-removes-all',
      'subscriptions-deleted-fields-return',
      'subscriptions-no-verification',
      'subscriptions-unreachable-accepted',
      'webhooks-mtls-no-client-cert',
      'subscriptions-list-shape',
      'subscriptions-repost-refused',
      'subscriptions-delete-object-removes-all',
      'subscriptions-delete-all-ignored',
      'subscriptions-subscribed-apps-shape',
      'webhooks-empty-entry',
      'webhooks-retry-keeps-first-time',
      'webhooks-user-uid-as-number',
      'webhooks-retry-after-ack',
      'webhooks-mtls-wrong-intermediate',
      'subscriptions-subscribed-apps-no-install',
      'subscriptions-optins-accepted',
      'subscriptions-include-values-unchecked',
      'subscriptions-delete-object-unchecked',
      'subscriptions-no-reverification',
      'subscriptions-error-status-accepted',
      'subscriptions-refused-callback-kept',
      'subscriptions-expired-certificate-accepted',
      'subscriptions-wrong-host-accepted',
      'subscriptions-verify-token-unencoded',
      'subscriptions-delete-keeps-delivering',
      'subscriptions-paging-skips',
    ];
    expect(Object.keys(WEBHOOK_FAULTS).sort()).toEqual([...required].sort());
    for (const entry of Object.values(WEBHOOK_FAULTS)) expect(entry.description.length).toBeGreaterThan(10);
  });
});

describe('signature and payload faults', () => {
  it('webhooks-wrong-signature-key: the signature does not match the app secret', async () => {
    const { first } = await deliver('webhooks-wrong-signature-key', [feed(1)]);
    expect(first?.headers['x-hub-signature-256']).not.toBe(`sha256=${hmac(first!.rawBody)}`);
  });

  it('webhooks-signature-reserialized: same JSON, but the signed bytes are not the sent ones', async () => {
    const { first } = await deliver('webhooks-signature-reserialized', [feed(1)]);
    expect(payloadOf(first!).entry[0]?.changes).toEqual([{ field: 'feed', value: { n: 1 } }]);
    expect(first?.headers['x-hub-signature-256']).not.toBe(`sha256=${hmac(first!.rawBody)}`);
  });

  it('webhooks-signature-no-prefix: bare hex', async () => {
    const { first } = await deliver('webhooks-signature-no-prefix', [feed(1)]);
    expect(first?.headers['x-hub-signature-256']).toBe(hmac(first!.rawBody));
  });

  it('webhooks-wrong-content-type: not application/json', async () => {
    const { first } = await deliver('webhooks-wrong-content-type', [feed(1)]);
    expect(first?.headers['content-type']).not.toMatch(/^application\/json/);
  });

  it('webhooks-object-always-page: a user update arrives under "object": "page"', async () => {
    const r = await receiver();
    const { svc, state } = service('webhooks-object-always-page');
    expect(await svc.upsert({ ...sub(r.url, ['name']), object: 'user' })).toEqual({ ok: true });
    state.live = true;
    svc.acceptEvents([{ object: 'user', id: '7200001', field: 'name', value: { n: 1 } }]);
    await svc.idle();
    expect(payloadOf(r.posts()[0]!).object).toBe('page');
  });

  it('webhooks-user-uid-as-number: a user entry carries its uid as a number, not the string the correct one sends', async () => {
    const uids: unknown[] = [];
    for (const fault of ['none', 'webhooks-user-uid-as-number']) {
      const r = await receiver();
      const { svc, state } = service(fault);
      expect(await svc.upsert({ ...sub(r.url, ['name']), object: 'user' })).toEqual({ ok: true });
      state.live = true;
      svc.acceptEvents([{ object: 'user', id: '7200001', field: 'name', value: { n: 1 } }]);
      await svc.idle();
      uids.push(payloadOf(r.posts()[0]!).entry[0]?.uid);
    }
    expect(uids).toEqual(['7200001', 7200001]);
  });

  it('webhooks-time-not-seconds: entry time in milliseconds', async () => {
    const { first } = await deliver('webhooks-time-not-seconds', [feed(1)]);
    expect(payloadOf(first!).entry[0]?.time).toBe(T0 * 1000);
  });

  it('webhooks-include-values-ignored: no values although include_values is true', async () => {
    const { first } = await deliver('webhooks-include-values-ignored', [feed(1)]);
    expect(payloadOf(first!).entry[0]).toMatchObject({ changed_fields: ['feed'] });
    expect(payloadOf(first!).entry[0]?.changes).toBeUndefined();
  });
});

describe('delivery faults', () => {
  it('webhooks-unsubscribed-fields-delivered: a field the subscription does not name arrives', async () => {
    const { r } = await deliver('webhooks-unsubscribed-fields-delivered', [{ ...feed(1), field: 'mention' }]);
    expect(payloadOf(r.posts()[0]!).entry[0]?.changes?.[0]?.field).toBe('mention');
  });

  it('webhooks-send-when-not-live: delivers while the app is not Live', async () => {
    const { r } = await deliver('webhooks-send-when-not-live', [feed(1)], {}, false);
    expect(r.posts()).toHaveLength(1);
  });

  it('webhooks-drop-updates: some updates never arrive', async () => {
    const { r } = await deliver('webhooks-drop-updates', [feed(1), feed(2), feed(3), feed(4)]);
    expect(
      r
        .posts()
        .map(payloadOf)
        .reduce((n, p) => n + updateCount(p), 0),
    ).toBeLessThan(4);
  });

  it('webhooks-batch-over-1000: a batch carries more than 1000 updates', async () => {
    const { r } = await deliver(
      'webhooks-batch-over-1000',
      Array.from({ length: 1500 }, (_, n) => feed(n)),
    );
    expect(Math.max(...r.posts().map((p) => updateCount(payloadOf(p))))).toBeGreaterThan(1000);
  });
});

describe('retry faults', () => {
  const failingAlways = { failPosts: 1000 };

  it('webhooks-no-retry: one attempt only', async () => {
    const { advanceTo, times } = await deliver('webhooks-no-retry', [feed(1)], failingAlways);
    await advanceTo(T0 + 36 * HOUR);
    expect(times()).toEqual([T0]);
  });

  it('webhooks-no-immediate-retry: the second attempt waits for the clock', async () => {
    const { advanceTo, times } = await deliver('webhooks-no-immediate-retry', [feed(1)], failingAlways);
    expect(times()).toEqual([T0]);
    await advanceTo(T0 + 60);
    expect(times()).toEqual([T0, T0 + 60]);
  });

  it('webhooks-shrinking-intervals: a later interval is shorter than an earlier one', async () => {
    const { advanceTo, times } = await deliver('webhooks-shrinking-intervals', [feed(1)], failingAlways);
    await advanceTo(T0 + 36 * HOUR);
    const all = times();
    const gaps = all.slice(1).map((t, i) => t - (all[i] as number));
    expect(gaps.some((g, i) => i > 0 && g <= (gaps[i - 1] as number))).toBe(true);
    expect(gaps.slice(1).some((g, i) => g < (gaps[i] as number))).toBe(true);
  });

  it('webhooks-retry-past-36h: an attempt later than 36 h after the first', async () => {
    const { advanceTo, times } = await deliver('webhooks-retry-past-36h', [feed(1)], failingAlways);
    await advanceTo(T0 + 48 * HOUR);
    expect(Math.max(...times()) - T0).toBeGreaterThan(36 * HOUR);
  });
});

describe('subscription faults', () => {
  it('subscriptions-wrong-challenge-accepted: a wrong echo subscribes', async () => {
    const r = await receiver({ verify: 'wrong-body' });
    expect(await service('subscriptions-wrong-challenge-accepted').svc.upsert(sub(r.url))).toEqual({
      ok: true,
    });
  });

  it('subscriptions-self-signed-accepted: a self-signed callback subscribes', async () => {
    const r = await receiver({ tls: makeSelfSignedCert() });
    expect(await service('subscriptions-self-signed-accepted').svc.upsert(sub(r.url))).toEqual({ ok: true });
  });

  it('subscriptions-http-accepted: a plain http callback is verified and subscribes', async () => {
    const r = await receiver({ tls: undefined });
    expect(await service('subscriptions-http-accepted').svc.upsert(sub(r.url))).toEqual({ ok: true });
    expect(r.gets()).toHaveLength(1);
  });

  it('subscriptions-fields-overwritten: amending replaces the fields', async () => {
    const r = await receiver();
    const { svc } = service('subscriptions-fields-overwritten');
    await svc.upsert(sub(r.url, ['feed']));
    await svc.upsert(sub(r.url, ['mention']));
    expect(svc.list()[0]?.fields).toEqual(['mention']);
  });

  it('subscriptions-delete-fields-removes-all: deleting one field removes the subscription', async () => {
    const r = await receiver();
    const { svc } = service('subscriptions-delete-fields-removes-all');
    await svc.upsert(sub(r.url, ['feed', 'mention']));
    svc.remove({ object: 'page', fields: ['feed'] });
    expect(svc.list()).toEqual([]);
  });

  it('subscriptions-deleted-fields-return: an amend brings back the fields a DELETE took', async () => {
    const r = await receiver();
    const { svc } = service('subscriptions-deleted-fields-return');
    await svc.upsert(sub(r.url, ['feed', 'mention']));
    svc.remove({ object: 'page', fields: ['feed'] });
    expect(svc.list()[0]?.fields).toEqual(['mention']);
    await svc.upsert(sub(r.url, ['photos']));
    expect(svc.list()[0]?.fields).toEqual(['mention', 'feed', 'photos']);
  });

  it('subscriptions-no-verification: no GET is sent and any callback subscribes', async () => {
    const r = await receiver({ verify: 'wrong-body' });
    const { svc } = service('subscriptions-no-verification');
    expect(await svc.upsert(sub(r.url))).toEqual({ ok: true });
    expect(r.gets()).toHaveLength(0);
  });

  it('subscriptions-list-shape: fields as one string, no active', async () => {
    const r = await receiver();
    const { svc } = service('subscriptions-list-shape');
    await svc.upsert(sub(r.url, ['feed', 'mention']));
    expect(svc.list()).toEqual([{ object: 'page', callback_url: r.url, fields: 'feed,mention' }]);
  });

  it('subscriptions-repost-refused: a second POST for the same object is refused', async () => {
    const r = await receiver();
    const { svc } = service('subscriptions-repost-refused');
    expect(await svc.upsert(sub(r.url))).toEqual({ ok: true });
    expect((await svc.upsert(sub(r.url))).ok).toBe(false);
  });

  it('subscriptions-delete-object-removes-all and subscriptions-delete-all-ignored', async () => {
    const r = await receiver();
    const both = async (fault: string) => {
      const { svc } = service(fault);
      await svc.upsert(sub(r.url));
      await svc.upsert({ ...sub(r.url), object: 'user' });
      return svc;
    };
    const byObject = await both('subscriptions-delete-object-removes-all');
    byObject.remove({ object: 'page' });
    expect(byObject.list()).toEqual([]);
    const all = await both('subscriptions-delete-all-ignored');
    all.remove({});
    expect(all.list().map((s) => s.object).sort()).toEqual(['page', 'user']);
  });

  it('subscriptions-unreachable-accepted: a callback nobody listens on subscribes', async () => {
    const url = `https://127.0.0.1:${await closedPort()}/hook`;
    expect(await service('subscriptions-unreachable-accepted').svc.upsert(sub(url))).toEqual({ ok: true });
  });
});
