import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

// feed.post-returns-id says `runs: 10`; feed.get-limit-over-100-refused says nothing, so it runs the default.
const RULES = ['feed.post-returns-id', 'feed.get-limit-over-100-refused'];

const runsOf = async (options: { runs?: number; runsFloor?: number }) =>
  Object.fromEntries((await runAgainstReference({ rules: RULES, seed: 3, ...options })).results.map((r) => [r.rule, r.runs]));

describe('--runs N', () => {
  it('leaves a rule its own runs when not given, and raises every property rule to at least N when given', async () => {
    expect(await runsOf({ runs: 4 })).toEqual({ 'feed.post-returns-id': 10, 'feed.get-limit-over-100-refused': 4 });
    expect(await runsOf({ runs: 12, runsFloor: 12 })).toEqual({ 'feed.post-returns-id': 12, 'feed.get-limit-over-100-refused': 12 });
    // A floor below a rule's own runs changes nothing.
    expect(await runsOf({ runs: 6, runsFloor: 6 })).toEqual({ 'feed.post-returns-id': 10, 'feed.get-limit-over-100-refused': 6 });
  });
});
