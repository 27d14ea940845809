import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordArbitrary } from '../../../harness/generators/arbitrary-from-spec.js';
import { branchesOf, branchExamples, coverageRuns } from '../../../harness/generators/branch-cover.js';
import { describeBranches } from '../../../harness/generators/branch-summary.js';
import type { GeneratorSpec } from '../../../harness/suite/step.js';

const scope = {
  profile: { app: { access_token: 'app-token' }, tokens: { page: 'p', user: 'u' } },
  app: { redirect_uris: ['https://app.example/callback'] },
  versions: { usable: ['v24.0', 'v25.0'] },
};

function firstRuns(given: Record<string, GeneratorSpec>, seed: number, runs: number) {
  const arbitrary = recordArbitrary(given, scope);
  const branches = branchesOf(given, scope);
  return branchExamples(arbitrary, branches, seed, Math.max(runs, coverageRuns(branches)));
}

// webhooks.include-values-form: four runs, Include Values drawn with a weighted batch size.
const WEBHOOK: Record<string, GeneratorSpec> = {
  updates: { array: { of: { integer: { min: 0, max: 9 } }, min_length: 1, max_length: 3 } },
  fill_to: { oneof: [{ constant: 0 }, { constant: 0 }, { constant: 0 }, { integer: { min: 1001, max: 2500 } }] },
  values: { boolean: {} },
};

describe('every value of a rule\'s choices on every seed', () => {
  it('tries Include Values on and off, with and without a big batch, in the first four runs of every seed', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const runs = firstRuns(WEBHOOK, seed, 4);
      expect(runs).toHaveLength(4);
      const seen = new Set(runs.map((r) => `${String(r['values'])}/${(r['fill_to'] as number) > 1000 ? 'big' : 'none'}`));
      expect([...seen].sort()).toEqual(['false/big', 'false/none', 'true/big', 'true/none']);
    }
  });

  it('tries each value of each choice when their combinations do not fit in the runs', () => {
    const given: Record<string, GeneratorSpec> = { a: { enum: [1, 2, 3, 4, 5] }, b: { boolean: {} }, token: { tokens: ['none', 'app', 'user', 'unissued'] } };
    for (let seed = 1; seed <= 20; seed++) {
      const runs = firstRuns(given, seed, 3);
      expect(runs).toHaveLength(5);
      expect(new Set(runs.map((r) => r['a'])).size).toBe(5);
      expect(new Set(runs.map((r) => r['b'])).size).toBe(2);
      expect(new Set(runs.map((r) => r['token']))).toEqual(new Set(['none', 'app', 'user', 'unissued']));
    }
  });

  it('leaves out the token kinds the profile cannot send, and keeps the other generated values as they draw', () => {
    const runs = firstRuns({ token: { tokens: ['none', 'page_no_moderate', 'unissued'] }, n: { integer: { min: 7, max: 9 } } }, 3, 2);
    expect(new Set(runs.map((r) => r['token']))).toEqual(new Set(['none', 'unissued']));
    expect(runs.every((r) => [7, 8, 9].includes(r['n'] as number))).toBe(true);
  });

  it('draws the same first runs from the same seed, and other orders from other seeds', () => {
    const given: Record<string, GeneratorSpec> = { filter: { enum: ['toplevel', 'stream'] }, kind: { enum: ['post', 'photo', 'video'] } };
    expect(firstRuns(given, 9, 6)).toEqual(firstRuns(given, 9, 6));
    const orders = new Set(Array.from({ length: 12 }, (_, seed) => JSON.stringify(firstRuns(given, seed, 6))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('tries each kind of near miss and each placement', () => {
    const runs = firstRuns({ uri: { near_miss_uri: { of: '{{app.redirect_uris}}' } }, where: { placement: { split: ['message', 'link'] } } }, 4, 1);
    expect(runs).toHaveLength(4);
    const uris = runs.map((r) => String(r['uri']));
    expect(uris.some((u) => u.endsWith('/callback/'))).toBe(true);
    expect(uris.some((u) => /:\d+\//.test(u))).toBe(true);
    expect(new Set(runs.map((r) => (typeof r['where'] === 'string' ? r['where'] : 'split')))).toEqual(new Set(['query', 'form', 'multipart', 'split']));
  });

  it('takes a narrow integer range as a choice: each count on every seed', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const runs = firstRuns({ failures: { integer: { min: 1, max: 3 } }, how: { enum: ['500', 'reset'] } }, seed, 5);
      expect(new Set(runs.map((r) => r['failures']))).toEqual(new Set([1, 2, 3]));
    }
  });

  it('makes nothing of a rule without choices', () => {
    expect(firstRuns({ limit: { integer: { min: 1, max: 100 } } }, 1, 5)).toEqual([]);
  });

  it('is what fast-check runs first, then draws as before', async () => {
    const arbitrary = recordArbitrary(WEBHOOK, scope);
    const examples = branchExamples(arbitrary, branchesOf(WEBHOOK, scope), 11, 6);
    const seen: unknown[] = [];
    await fc.check(fc.asyncProperty(arbitrary, async (given) => void seen.push(given)), { seed: 11, numRuns: 6, examples: examples.map((e) => [e]) });
    expect(seen.slice(0, 4)).toEqual(examples);
    expect(seen).toEqual(fc.sample(arbitrary, { seed: 11, numRuns: 6, examples }));
  });
});

describe('describeBranches: what `list --verbose` says', () => {
  it('names the combinations the first runs try', () => {
    expect(describeBranches(WEBHOOK, 4)).toBe('every seed tries every combination of fill_to (2 alternatives) × values (true, false) in its first 4 of 4 runs');
    expect(describeBranches({ filter: { enum: ['toplevel', 'stream'] } }, 2)).toBe('every seed tries every value of filter (toplevel, stream) in its first 2 of 2 runs');
    expect(describeBranches({ case: { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } }, 4)).toBe('every seed tries every value of case (10 values) in its first 10 of 10 runs');
    expect(describeBranches({ failures: { integer: { min: 1, max: 3 } } }, 2)).toBe('every seed tries every value of failures (1 to 3) in its first 3 of 3 runs');
    expect(describeBranches({ limit: { integer: { min: 1, max: 100 } } }, 4)).toBeUndefined();
  });
});
