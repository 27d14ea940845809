import { describe, expect, it } from 'vitest';
import { runEverySeed } from '../../scripts/every-seed-runs.js';

/**
 * A slice of `scripts/every-seed.ts` cheap enough for every CI run: every rule on a seed no other test uses, against
 * the reference with its fixtures emptied, three runs where a rule sets none. A correct target passes on every seed
 * (reading R52); the twenty seeds of every rule are the script's, run by hand (bench/README.md records the last run).
 * The fixtures full are the correct run of test/suites/pass/behind-proxy.integration.test.ts, on seed 13.
 */
/** Runs of the rules that do not set their own (the CLI's default is 20): the seeds vary the draw, not the count. */
const RUNS = 3;

describe('every seed green, on a seed of its own with the fixtures emptied', () => {
  it('gives no failed, no error and no skipped rule: every rule judges only the data it made', async () => {
    const empty = await runEverySeed({ seeds: [12], fixtureSets: ['empty'], runs: RUNS });
    expect(empty.findings.map((f) => `${f.fixtures} seed ${f.seed}: ${f.rule} ${f.verdict}: ${f.reason}`)).toEqual([]);
    expect(empty.skipped.map((f) => `${f.rule}: ${f.reason}`)).toEqual([]);
    expect(empty.runs).toBe(1);
    expect(empty.verdicts.passed).toBeGreaterThan(300);
  }, 600_000);
});
