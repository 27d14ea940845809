import { describe, expect, it } from 'vitest';
import { loadSuites } from '../../harness/suite-loading/load-suite.js';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { runEverySeed } from '../../scripts/every-seed-runs.js';

/**
 * A slice of `scripts/every-seed.ts` cheap enough for every CI run: the rules that draw values (those with `given:`,
 * where one seed differs from another) on a seed no other test uses against the reference with its fixtures full,
 * and on another with them emptied, three runs where a rule sets none. A correct target passes on every seed (reading R52); the twenty seeds of every rule are the
 * script's, run by hand (bench/README.md records the last run).
 */
/** Runs of the rules that do not set their own (the CLI's default is 20): the seeds vary the draw, not the count. */
const RUNS = 3;

describe('every seed green, the property rules on a seed per fixture set', () => {
  it('gives no failed and no error against the reference, fixtures full or empty', async () => {
    const suites = await loadSuites(SUITES_DIR);
    const drawing = suites.flatMap((suite) => suite.rules.filter((rule) => rule.given).map((rule) => rule.id));
    expect(drawing.length).toBeGreaterThan(100);
    const full = await runEverySeed({ seeds: [11], fixtureSets: ['full'], rules: drawing, runs: RUNS });
    const empty = await runEverySeed({ seeds: [12], fixtureSets: ['empty'], rules: drawing, runs: RUNS });
    for (const tally of [full, empty]) {
      expect(tally.findings.map((f) => `${f.fixtures} seed ${f.seed}: ${f.rule} ${f.verdict}: ${f.reason}`)).toEqual([]);
      expect(tally.runs).toBe(1);
      expect(tally.verdicts.passed).toBeGreaterThan(100);
    }
  }, 600_000);
});
