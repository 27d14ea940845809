import { describe, expect, it } from 'vitest';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { runEverySeed } from '../../scripts/every-seed-runs.js';

/**
 * A slice of `scripts/every-seed.ts` cheap enough for every CI run: the rules that draw values (those with `given:`,
 * where one seed differs from another) on three seeds no other test uses, five runs where a rule sets none, against the reference with its fixtures
 * full and emptied. A correct target passes on every seed (reading R52); the twenty seeds of every rule are the
 * script's, run by hand (bench/README.md records the last run).
 */
const SEEDS = [11, 12, 13];
/** Runs of the rules that do not set their own (the CLI's default is 20): the seeds vary the draw, not the count. */
const RUNS = 5;

describe('every seed green, the property rules on three seeds', () => {
  it('gives no failed and no error against the reference, fixtures full or empty', async () => {
    const suites = await loadSuites(SUITES_DIR);
    const drawing = suites.flatMap((suite) => suite.rules.filter((rule) => rule.given).map((rule) => rule.id));
    expect(drawing.length).toBeGreaterThan(100);
    const tally = await runEverySeed({ seeds: SEEDS, fixtureSets: ['full', 'empty'], rules: drawing, runs: RUNS });
    expect(tally.findings.map((f) => `${f.fixtures} seed ${f.seed}: ${f.rule} ${f.verdict}: ${f.reason}`)).toEqual([]);
    expect(tally.runs).toBe(6);
    expect(tally.verdicts.passed).toBeGreaterThan(6 * 100);
  }, 600_000);
});
