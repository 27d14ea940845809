import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import type { StepFacts } from '../../../harness/checks/step-facts.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { WebhookFacts } from '../../../harness/checks/webhook-facts.js';
import type { Exchange } from '../../../harness/model/index.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { REALWORLD } from '../../helpers/paths.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';

const T0 = 1_767_225_600;
const SECRET = 'app-secret';

interface AttemptSpec {
  body: unknown;
  /** Target clock window of the attempt; `time` defaults to its start. */
  at: number;
  to?: number;
  time?: number;
  status?: number;
  realMs?: number;
  raw?: string;
  headers?: Record<string, string>;
}

function attempt(spec: AttemptSpec): Exchange {
  const raw = spec.raw ?? JSON.stringify(spec.body);
  return {
    kind: 'webhook-notification',
    request: {
      method: 'POST',
      url: 'https://127.0.0.1:1/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, SECRET), ...spec.headers },
      body: raw,
      bodyEncoding: 'utf8',
    },
    response: { status: spec.status ?? 200, headers: {}, body: '' },
    startedAt: new Date(spec.realMs ?? 1_000_000).toISOString(),
    durationMs: 0,
    targetTime: { from: spec.at, to: spec.to ?? spec.at },
  };
}

const payload = (time: number, value: unknown = { n: 1 }) => ({
  object: 'page',
  entry: [{ id: '1', time, changes: [{ field: 'feed', value }] }],
});

const FACTS: WebhookFacts = {
  injected: [{ object: 'page', id: '1', field: 'feed', value: { n: 1 }, live: true }],
  subscriptions: { page: { fields: ['feed'], include_values: true } },
  notLive: [],
};

function run(check: string, exchanges: Exchange[], args?: unknown, facts: StepFacts = { webhook: FACTS }) {
  const input: CheckInput = { exchanges, bodies: exchanges.map((e) => JSON.parse(e.request.body!) as unknown), facts };
  return runCheck(CHECKS.get(check)!, input, args, CHECK_CONTEXT).findings.map((f) => f.message);
}

/** Attempts of one notification at these target times (exact), all failing but the last when `lastOk`. */
function schedule(times: number[], lastOk = false): Exchange[] {
  return times.map((t, i) =>
    attempt({ body: payload(t), at: t, status: lastOk && i === times.length - 1 ? 200 : 500, realMs: 1_000_000 + i * 10 }),
  );
}

describe('retry-schedule (R21)', () => {
  it('accepts an immediate retry, then strictly growing intervals within 36 h', () => {
    expect(run('retry-schedule', schedule([T0, T0, T0 + 60, T0 + 360, T0 + 2160, T0 + 9360]))).toEqual([]);
  });

  it('finds intervals that stop growing, a late retry, or too few retries', () => {
    expect(run('retry-schedule', schedule([T0, T0, T0 + 600, T0 + 1200]))[0]).toMatch(/do not grow: 600 s, then 600 s/);
    expect(run('retry-schedule', schedule([T0, T0, T0 + 3600, T0 + 37 * 3600]))[0]).toMatch(/37\.0 h after the first/);
    expect(run('retry-schedule', schedule([T0, T0, T0 + 60]))[0]).toMatch(/only 1 later retry came, expected at least 2/);
    expect(run('retry-schedule', schedule([T0]))[0]).toMatch(/no retry followed/);
  });

  it('wants the immediate retry at the same target time; a real-time bound only when one is set (R21)', () => {
    expect(run('retry-schedule', schedule([T0, T0 + 60], true))[0]).toMatch(/60 s later on the target clock/);
    const slow = [attempt({ body: payload(T0), at: T0, status: 500, realMs: 0 }), attempt({ body: payload(T0), at: T0, realMs: 30_000 })];
    expect(run('retry-schedule', slow)).toEqual([]);
    expect(run('retry-schedule', slow, { immediate_real_seconds: 5 })[0]).toMatch(/took 30\.0 s of real time/);
  });

  it('judges a retry that came during a clock advance by its window when its entry time does not fit', () => {
    const windowed = [
      ...schedule([T0, T0]),
      attempt({ body: payload(0), at: T0 + 50, to: T0 + 100, status: 500 }),
      attempt({ body: payload(0), at: T0 + 100, to: T0 + 150, status: 500 }),
    ];
    // Gaps between 0..100 s, then 0..100 s: they may grow, so nothing is certain enough to report.
    expect(run('retry-schedule', windowed)).toEqual([]);
  });

  it('dates a retry sent during a clock move by the move, even when it carries the move\'s end as its time', () => {
    // Due at +35.9 h, sent (and stamped) at the end of a step from +34.6 h to +36.3 h: not provably past 36 h.
    const [h346, h363] = [T0 + 124_560, T0 + 130_680];
    const stamped = [...schedule([T0, T0, T0 + 60]), attempt({ body: payload(h363), at: h346, to: h363, status: 500 })];
    expect(run('retry-schedule', stamped)).toEqual([]);
    const past = [...schedule([T0, T0, T0 + 60]), attempt({ body: payload(T0 + 140_000), at: T0 + 131_000, to: T0 + 140_000, status: 500 })];
    expect(run('retry-schedule', past)[0]).toMatch(/came between 36\.4 h and 38\.9 h after the first, past the 36 h retry window/);
    const pointed = [...schedule([T0, T0, T0 + 60]), attempt({ body: payload(T0 + 140_000), at: T0 + 140_000, status: 500 })];
    expect(run('retry-schedule', pointed)[0]).toMatch(/came 38\.9 h after the first, past/);
  });

  it('does not take a retry that came only as the clock moved for an immediate one, and quotes the delay measured', () => {
    const retry = attempt({ body: payload(T0 + 60), at: T0, to: T0 + 129_600, realMs: 1_030_000 });
    const moved = [attempt({ body: payload(T0), at: T0, status: 500, realMs: 1_000_000 }), retry];
    expect(run('retry-schedule', moved)[0]).toMatch(
      /came 30\.0 s later in real time, while the clock was being moved \(on the target clock between 0 and 129600 s later\), not immediately/,
    );
  });

  it('stops counting at the first acknowledged attempt (later ones are duplicates)', () => {
    const duplicate = attempt({ body: payload(T0 + 210), at: T0 + 210, realMs: 2_000_000 });
    expect(run('retry-schedule', [...schedule([T0, T0, T0 + 60, T0 + 200], true), duplicate])).toEqual([]);
  });
});

describe('notification checks', () => {
  it('notification-envelope: the time is the attempt time on the target clock, ±2 s (R20)', () => {
    expect(run('notification-envelope', [attempt({ body: payload(T0 + 2), at: T0 })])).toEqual([]);
    expect(run('notification-envelope', [attempt({ body: payload(T0 * 1000), at: T0 })])[0]).toMatch(/not the sending time/);
    expect(run('notification-envelope', [attempt({ body: payload(T0 + 300), at: T0, to: T0 + 600 })])).toEqual([]);
    expect(run('notification-envelope', [attempt({ body: { object: 'page', entry: [{ id: 1, time: T0 }] }, at: T0 })])[0]).toMatch(
      /\/entry\/0\/id: must be string/,
    );
  });

  it('notification-signature: the exact bytes, non-ASCII and escaped slashes included', () => {
    const raw = '{"object":"page","entry":[{"id":"1","time":1,"changes":[{"field":"feed","value":{"t":"\\u00fc\\/ü"}}]}]}';
    const args = { app_secret: SECRET };
    expect(run('notification-signature', [attempt({ body: null, raw, at: T0 })], args)).toEqual([]);
    const reserialized = attempt({ body: null, raw, at: T0, headers: { 'x-hub-signature-256': signPayload(JSON.stringify(JSON.parse(raw)), SECRET) } });
    expect(run('notification-signature', [reserialized], args)[0]).toMatch(/not the HMAC-SHA256/);
    const bare = attempt({ body: null, raw, at: T0, headers: { 'x-hub-signature-256': signPayload(raw, SECRET).slice(7) } });
    expect(run('notification-signature', [bare], args)[0]).toMatch(/does not start with `sha256=`/);
  });

  it('notification-content-type: application/json, with or without parameters', () => {
    const json = attempt({ body: payload(T0), at: T0, headers: { 'content-type': 'application/json; charset=utf-8' } });
    const text = attempt({ body: payload(T0), at: T0, headers: { 'content-type': 'text/plain' } });
    expect(run('notification-content-type', [json])).toEqual([]);
    expect(run('notification-content-type', [text])[0]).toMatch(/"text\/plain"/);
  });

  it('notification-batch-size: counts change items over all entries (R7)', () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), time: T0, changed_fields: ['feed', 'photos'] }));
    expect(run('notification-batch-size', [attempt({ body: { object: 'page', entry: entries(500) }, at: T0 })])).toEqual([]);
    expect(run('notification-batch-size', [attempt({ body: { object: 'page', entry: entries(501) }, at: T0 })])[0]).toMatch(
      /1002 updates in 501 entries/,
    );
  });

  it('updates-delivered: values compared by deep equality; `changed_fields` names count as delivered', () => {
    expect(run('updates-delivered', [attempt({ body: payload(T0, { n: 1 }), at: T0 })])).toEqual([]);
    expect(run('updates-delivered', [attempt({ body: payload(T0, { n: 2 }), at: T0 })])[0]).toMatch(/1 of 1 injected updates never arrived/);
    expect(run('updates-delivered', [attempt({ body: payload(T0), at: T0, status: 500 })])[0]).toMatch(/never arrived/);
    const names = { object: 'page', entry: [{ id: '1', time: T0, changed_fields: ['feed'] }] };
    expect(run('updates-delivered', [attempt({ body: names, at: T0 })])).toEqual([]);
  });

  it('only-subscribed-fields and notification-values-form (R31)', () => {
    const stray = { object: 'page', entry: [{ id: '1', time: T0, changes: [{ field: 'photos', value: 1 }] }] };
    expect(run('only-subscribed-fields', [attempt({ body: stray, at: T0 })])[0]).toMatch(/page field `photos`, which is not subscribed/);
    const names = { object: 'page', entry: [{ id: '1', time: T0, changed_fields: ['feed'] }] };
    expect(run('notification-values-form', [attempt({ body: names, at: T0 })])[0]).toMatch(/Include Values is on, but the entry has no `changes`/);
  });

  it('nothing-while-not-live: an attempt inside a not-Live period', () => {
    const facts = { ...FACTS, notLive: [{ fromMs: 500_000, toMs: 2_000_000 }] };
    expect(run('nothing-while-not-live', [attempt({ body: payload(T0), at: T0 })], undefined, { webhook: facts })).toHaveLength(1);
    expect(run('nothing-while-not-live', [attempt({ body: payload(T0), at: T0, realMs: 3_000_000 })], undefined, { webhook: facts })).toEqual([]);
  });

  it('nothing-while-not-live: orders an arrival and the end of the period inside one millisecond', () => {
    // Live was set again 0.4 ms into millisecond 2 000 000; whole milliseconds would date both arrivals alike.
    const facts = { ...FACTS, notLive: [{ fromMs: 500_000, toMs: 2_000_000.4 }] };
    const at = (startedAtMs: number) => ({ ...attempt({ body: payload(T0), at: T0, realMs: 2_000_000 }), startedAtMs });
    expect(run('nothing-while-not-live', [at(2_000_000.2)], undefined, { webhook: facts })).toHaveLength(1);
    expect(run('nothing-while-not-live', [at(2_000_000.7)], undefined, { webhook: facts })).toEqual([]);
  });
});

describe('real notification payloads (pywa test data, messaging-application webhooks)', () => {
  const dir = join(REALWORLD, 'pywa', 'updates');
  const payloads = readdirSync(dir).flatMap((file) =>
    Object.values(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>),
  );
  // Each attempt arrives at the time its own entries carry, when they carry one.
  const sentAt = (body: unknown) => (body as { entry: { time?: number }[] }).entry[0]?.time ?? T0;
  const exchanges = payloads.map((body) => attempt({ body, at: sentAt(body) }));
  const facts: WebhookFacts = {
    injected: [],
    subscriptions: { whatsapp_business_account: { fields: [], include_values: true } },
    notLive: [],
  };

  it('fit the `changes` form, hold far fewer than 1000 updates, and carry ids as strings', () => {
    expect(payloads.length).toBeGreaterThan(20);
    expect(run('notification-values-form', exchanges, undefined, { webhook: facts })).toEqual([]);
    expect(run('notification-batch-size', exchanges, { max: 1000 })).toEqual([]);
  });

  it('mostly have no entry `time`: the envelope rule, which the spec states for every entry, reports only that', () => {
    const findings = run('notification-envelope', exchanges);
    expect(findings.length).toBeGreaterThan(0);
    expect(payloads.some((p) => sentAt(p) !== T0)).toBe(true);
    expect(findings.filter((f) => !f.includes("must have required property 'time'"))).toEqual([]);
  });
});

describe('acknowledgements, DELETE, the envelope and the listing', () => {
  it('no-attempt-after-ack: the same updates again after a 200 is a finding; retries before it are not', () => {
    expect(run('no-attempt-after-ack', schedule([T0, T0, T0 + 60], true))).toEqual([]);
    const again = [attempt({ body: payload(T0), at: T0 }), attempt({ body: payload(T0 + 60), at: T0 + 60 })];
    expect(run('no-attempt-after-ack', again)[0]).toMatch(/came again 60 s after the receiver acknowledged them/);
  });

  it('nothing-after-unsubscribe: an update injected after the DELETE of its field must not arrive', () => {
    const facts: WebhookFacts = {
      injected: [
        { object: 'page', id: '1', field: 'feed', value: { n: 1 }, live: true },
        { object: 'page', id: '1', field: 'feed', value: { n: 2 }, live: true },
      ],
      subscriptions: {},
      notLive: [],
      removed: [{ object: 'page', injectedBefore: 1 }],
    };
    const withRemovals = { webhook: facts };
    expect(run('nothing-after-unsubscribe', [attempt({ body: payload(T0, { n: 1 }), at: T0 })], undefined, withRemovals)).toEqual([]);
    const late = attempt({ body: payload(T0, { n: 2 }), at: T0 });
    expect(run('nothing-after-unsubscribe', [late], undefined, withRemovals)[0]).toMatch(/injected after the DELETE of page was still delivered/);
  });

  it('notification-envelope: an empty `entry` is a finding', () => {
    const empty = attempt({ body: { object: 'page', entry: [] }, at: T0 });
    expect(run('notification-envelope', [empty]).join('\n')).toMatch(/fewer than 1 items|NOT have fewer/);
  });

  it('subscription-listed: callback URLs compared after normalisation (R50); no_active takes absent or inactive', () => {
    const list = (items: unknown[]) => ({ exchanges: [], bodies: [{ data: items }], facts: {} });
    const check = CHECKS.get('subscription-listed')!;
    const listed = list([{ object: 'page', callback_url: 'HTTPS://Hooks.Example:443/cb', fields: ['feed'], active: true }]);
    expect(runCheck(check, listed, { object: 'page', callback_url: 'https://hooks.example/cb' }, CHECK_CONTEXT).findings).toEqual([]);
    expect(runCheck(check, listed, { object: 'page', callback_url: 'https://hooks.example/other' }, CHECK_CONTEXT).findings).toHaveLength(1);
    expect(runCheck(check, listed, { object: 'page', no_active: true }, CHECK_CONTEXT).findings).toHaveLength(1);
    const inactive = list([{ object: 'page', callback_url: 'https://h/cb', fields: [], active: false }]);
    expect(runCheck(check, inactive, { object: 'page', no_active: true }, CHECK_CONTEXT).findings).toEqual([]);
    expect(runCheck(check, list([]), { object: 'page', no_active: true }, CHECK_CONTEXT).findings).toEqual([]);
  });
});
