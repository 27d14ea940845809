import { afterEach, describe, expect, it, vi } from 'vitest';
import { TargetFailure } from '../../../harness/errors.js';
import { DEFAULT_MAX_WAIT_MS, DEFAULT_RATE_LIMIT, rateLimitOf, sendRespectingLimits, WaitBudget } from '../../../harness/client/rate-limit.js';
import type { SentExchange } from '../../../harness/client/send.js';

afterEach(() => {
  vi.useRealTimers();
});

/** An answer as the client keeps it. */
function answer(status: number, json: unknown, headers: Record<string, string> = {}): SentExchange {
  return {
    exchange: {
      request: { method: 'GET', url: 'http://127.0.0.1:1/v25.0/2000001/photos', headers: {} },
      response: { status, headers, body: JSON.stringify(json) },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
    },
    json,
  };
}

const limited = answer(400, { error: { code: 80001, message: 'Too many calls' } });
const fine = answer(200, { data: [] });
const policy = { baseMs: 10, retries: 3, maxWaitMs: 1000 };

/** Answers in turn, each request counted. */
function target(...answers: SentExchange[]) {
  let sent = 0;
  return { send: async () => answers[Math.min(sent++, answers.length - 1)]!, sent: () => sent };
}

describe('rate limits', () => {
  it('reads the spec\'s codes, HTTP 429 and an error with Retry-After as rate limits; other errors are answers', () => {
    expect(rateLimitOf(limited, 'error.code')).toBe('code 80001');
    expect(rateLimitOf(answer(400, { error: { code: 80008 } }), 'error.code')).toBe('code 80008');
    expect(rateLimitOf(answer(429, {}), 'error.code')).toBe('HTTP 429');
    expect(rateLimitOf(answer(503, {}, { 'Retry-After': '2' }), 'error.code')).toBe('HTTP 503 with Retry-After');
    expect(rateLimitOf(answer(400, { error: { code: 100 } }), 'error.code')).toBeUndefined();
    expect(rateLimitOf(answer(200, { id: '1' }, { 'retry-after': '1' }), 'error.code')).toBeUndefined();
    // The profile says where its error answers keep the code.
    expect(rateLimitOf(answer(400, { fault: { number: 80001 } }), 'fault.number')).toBe('code 80001');
  });

  it('waits with a doubling backoff, sends the same request again, and keeps the waits on the answer', async () => {
    vi.useFakeTimers();
    const waits: number[] = [];
    const t = target(limited, limited, fine);
    const sending = sendRespectingLimits(t.send, 'error.code', { ...policy, onWait: (w) => waits.push(w.waitedMs) });
    await vi.runAllTimersAsync();
    const sent = await sending;
    expect(t.sent()).toBe(3);
    expect(waits).toEqual([10, 20]);
    expect(sent.exchange.response?.status).toBe(200);
    expect(sent.exchange.rateLimited).toEqual([
      { answer: 'code 80001', waitedMs: 10 },
      { answer: 'code 80001', waitedMs: 20 },
    ]);
  });

  it('waits as long as Retry-After says, in seconds', async () => {
    vi.useFakeTimers();
    const t = target(answer(429, {}, { 'retry-after': '1' }), fine);
    const sending = sendRespectingLimits(t.send, 'error.code', policy);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.sent()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await sending).exchange.rateLimited).toEqual([{ answer: 'HTTP 429', waitedMs: 1000 }]);
  });

  it('reads a fraction of a second in Retry-After as seconds, and a value that is neither seconds nor a date as saying nothing', async () => {
    vi.useFakeTimers();
    const waits: number[] = [];
    const onWait = (w: { waitedMs: number }) => waits.push(w.waitedMs);
    const halfSecond = target(answer(429, {}, { 'retry-after': '0.5' }), fine);
    const sending = sendRespectingLimits(halfSecond.send, 'error.code', { ...policy, onWait });
    await vi.runAllTimersAsync();
    await sending;
    // `-1` is no wait the target asked for: the backoff's own first wait, not none.
    const nonsense = target(answer(429, {}, { 'retry-after': '-1' }), fine);
    const again = sendRespectingLimits(nonsense.send, 'error.code', { ...policy, onWait });
    await vi.runAllTimersAsync();
    await again;
    expect(waits).toEqual([500, policy.baseMs]);
  });

  it('waits until the HTTP date Retry-After names', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    const waits: number[] = [];
    const t = target(answer(503, {}, { 'retry-after': 'Thu, 01 Jan 2026 00:00:01 GMT' }), fine);
    const sending = sendRespectingLimits(t.send, 'error.code', { ...policy, onWait: (w) => waits.push(w.waitedMs) });
    await vi.runAllTimersAsync();
    await sending;
    expect(waits).toEqual([1000]);
  });

  it('still limited after the last retry: the rule cannot judge (RATE_LIMITED), and the answer is its evidence', async () => {
    vi.useFakeTimers();
    const t = target(limited);
    const sending = sendRespectingLimits(t.send, 'error.code', policy).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await sending) as TargetFailure;
    expect(error).toBeInstanceOf(TargetFailure);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/GET \/v25\.0\/2000001\/photos: rate limited \(code 80001\): still limited after 3 retries/);
    expect(t.sent()).toBe(4);
    expect(error.exchange.rateLimited).toHaveLength(3);
  });

  it('a Retry-After longer than graphcheck waits is not waited for', async () => {
    const t = target(answer(429, {}, { 'retry-after': '3600' }));
    const error = (await sendRespectingLimits(t.send, 'error.code', policy).catch((e: unknown) => e)) as TargetFailure;
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/asks to wait 3600 s, more than graphcheck waits \(1 s\)/);
    expect(t.sent()).toBe(1);
  });

  it('the run\'s bound takes each wait before it starts; a wait that would pass it is not begun, and the rule cannot judge', async () => {
    vi.useFakeTimers();
    const budget = new WaitBudget(100);
    const t = target(limited);
    const sending = sendRespectingLimits(t.send, 'error.code', { ...policy, retries: 10, budget }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await sending) as TargetFailure;
    // 10 and 20 and 40 ms fit in 100; 80 more would not, though the request has retries left.
    expect(t.sent()).toBe(4);
    expect(budget.spentMs).toBe(70);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe(
      "GET /v25.0/2000001/photos: rate limited (code 80001): waiting 0.1 s more would pass the run's bound on rate-limit waits " +
        '(--max-wait 0.1 s, 0.1 s waited so far); --max-wait raises it, --max-rps lowers the request rate',
    );
    expect(error.exchange.rateLimited?.map((w) => w.waitedMs)).toEqual([10, 20, 40]);
    // Spent is spent: the next request of the run waits no more than what is left.
    const next = await sendRespectingLimits(target(answer(429, {}, { 'retry-after': '0.05' })).send, 'error.code', { ...policy, budget }).catch((e: unknown) => e);
    expect((next as TargetFailure).code).toBe('RATE_LIMITED');
    expect(budget.spentMs).toBe(70);
  });
});

describe('the default bound on a run\'s rate-limit waits', () => {
  /**
   * A run of `rules` rules, `concurrency` at a time, each sending `requests` requests in turn to a target that
   * answers every one `429 Retry-After: 60`, on fake time: how long it took, and how many rules ended RATE_LIMITED.
   */
  async function hostileRun(budget: WaitBudget | undefined, rules = 300, concurrency = 8, requests = 3): Promise<{ ms: number; limited: number }> {
    const start = Date.now();
    const t = target(answer(429, {}, { 'retry-after': '60' }));
    let next = 0;
    let limited = 0;
    const worker = async () => {
      while (next < rules) {
        next++;
        try {
          for (let i = 0; i < requests; i++) await sendRespectingLimits(t.send, 'error.code', { ...DEFAULT_RATE_LIMIT, ...(budget ? { budget } : {}) });
        } catch (error) {
          if ((error as TargetFailure).code === 'RATE_LIMITED') limited++;
        }
      }
    };
    const done = Promise.all(Array.from({ length: concurrency }, worker));
    await vi.runAllTimersAsync();
    await done;
    return { ms: Date.now() - start, limited };
  }

  it('ends a hostile run in minutes: every request 429 Retry-After: 60, 300 rules 8 at a time, within the default', async () => {
    vi.useFakeTimers({ now: 0 });
    expect(DEFAULT_MAX_WAIT_MS).toBeGreaterThanOrEqual(60_000);
    expect(DEFAULT_MAX_WAIT_MS).toBeLessThanOrEqual(10 * 60_000);
    const bounded = await hostileRun(new WaitBudget(DEFAULT_MAX_WAIT_MS));
    expect(bounded.limited).toBe(300);
    expect(bounded.ms).toBeLessThanOrEqual(DEFAULT_MAX_WAIT_MS);
    // Without the bound the same run waits four minutes a request, 38 rounds of 8 rules: over two hours.
    const unbounded = await hostileRun(undefined);
    expect(unbounded.ms).toBeGreaterThan(2 * 3_600_000);
  });
});
