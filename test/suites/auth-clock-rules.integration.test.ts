import { afterEach, describe, expect, it, vi } from 'vitest';
import { runAgainstReference } from '../helpers/run-reference.js';

const EXPIRES = 'authorization.code-expires-after-the-hour';
const VALID = 'authorization.code-valid-within-the-hour';

/**
 * Timers of a second or more that our code or the reference started while `work` ran: a rule that waited in
 * real time would start one. The HTTP clients' own idle-socket timers are not waits and are left out: undici's
 * from node_modules, and Node's own copy behind the global fetch (the reference fetches links and pictures with it,
 * and a keep-alive socket another test file left in this worker may set its timer while this one runs).
 */
async function longTimersDuring<T>(work: () => Promise<T>): Promise<{ value: T; long: string[] }> {
  const real = globalThis.setTimeout;
  const long: string[] = [];
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const caller = new Error().stack?.split('\n')[3] ?? '';
    if (Number(ms ?? 0) >= 1000 && !/node_modules|node:internal\/deps\/undici/.test(caller)) long.push(`${ms} ms at ${caller.trim()}`);
    return real(callback, ms, ...args);
  }) as typeof setTimeout);
  try {
    return { value: await work(), long };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the one-hour code rules run on the target clock', () => {
  it('check expiry and validity with no real sleep', async () => {
    const { value: result, long } = await longTimersDuring(() =>
      runAgainstReference({ rules: [EXPIRES, VALID], seed: 7 }),
    );
    expect(result.results.map((r) => [r.rule, r.verdict])).toEqual([
      [VALID, 'passed'],
      [EXPIRES, 'passed'],
    ]);
    expect(long).toEqual([]);
  });

  it('fail on a target whose codes never expire, with the clock advance in the evidence', async () => {
    const result = await runAgainstReference({ faults: ['auth-code-never-expires'], rules: [EXPIRES], seed: 7 });
    const [rule] = result.results;
    expect(rule?.verdict).toBe('failed');
    expect(rule?.counterexample).toEqual({ after: 3660 });
    const advances = rule!.evidence.filter((e) => e.request.method === 'POST' && e.request.url.endsWith('/_control/clock'));
    expect(advances.map((e) => JSON.parse(e.request.body ?? '{}'))).toEqual([{ advance_seconds: 3660 }]);
    const exchange = rule!.evidence.at(-1)!;
    expect(exchange.request.url).toMatch(/\/oauth\/access_token\?/);
    expect(exchange.response?.status).toBe(200);
  });

  it('fail on a target whose codes die before the hour', async () => {
    const result = await runAgainstReference({ faults: ['auth-code-lifetime-too-short'], rules: [VALID], seed: 7 });
    expect(result.results[0]?.verdict).toBe('failed');
    expect(result.results[0]?.counterexample).toEqual({ after: 3540 });
  });
});
