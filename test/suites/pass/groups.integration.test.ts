import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

const SUITES = ['photos', 'comments', 'thread', 'templates', 'product-feed', 'videos'];
const RULES = { photos: 46, comments: 21, thread: 9, templates: 29, 'product-feed': 10, videos: 7 };

describe('the photos, comments, thread, templates, product-feed and videos suites against the correct reference', () => {
  it.each([7, 1234, 99_001])('pass every rule with seed %i, none skipped', async (seed) => {
    const result = await runAgainstReference({ suites: SUITES, seed });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    const bySuite = Object.fromEntries(SUITES.map((s) => [s, result.results.filter((r) => r.suite === s).length]));
    expect(bySuite).toEqual(RULES);
  });
});
