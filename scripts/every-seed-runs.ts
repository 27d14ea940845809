/**
 * Every seed green (issue 24, reading R52): a correct target passes on any seed, so the whole run is made seed after
 * seed against the reference with its full fixtures and with them emptied, and every rule that is `failed` or
 * `error` on some seed is printed with the seed and its reason. Exit 1 when any is.
 *
 * The runs behind `scripts/every-seed.ts`; CI runs a narrow slice of them (test/scripts/every-seed.integration.test.ts).
 */
import { runAgainstReference } from '../test/helpers/run-reference.js';

export interface SeedRunOptions {
  seeds: number[];
  fixtureSets: ('full' | 'empty')[];
  rules?: string[];
  suites?: string[];
  /** Property runs per rule (the CLI default is 20). */
  runs?: number;
}

/** One rule that was not green on one seed and fixture set. */
export interface SeedFinding {
  seed: number;
  fixtures: 'full' | 'empty';
  rule: string;
  verdict: string;
  reason: string;
}

export interface SeedTally {
  runs: number;
  judged: number;
  verdicts: Record<string, number>;
  findings: SeedFinding[];
  /** The rules skipped (a fixture the set lacks, say): not a finding, but a suite that owns its data has none. */
  skipped: SeedFinding[];
}

/** Runs the selected rules once per seed and fixture set; gathers the verdicts and every failed or error result. */
export async function runEverySeed(options: SeedRunOptions, onRun: (line: string) => void = () => {}): Promise<SeedTally> {
  const tally: SeedTally = { runs: 0, judged: 0, verdicts: {}, findings: [], skipped: [] };
  for (const fixtures of options.fixtureSets) {
    for (const seed of options.seeds) {
      const result = await runAgainstReference({
        seed,
        fixtures,
        ...(options.runs ? { runs: options.runs } : {}),
        ...(options.rules ? { rules: options.rules } : {}),
        ...(options.suites ? { suites: options.suites } : {}),
      });
      tally.runs += 1;
      const counts: Record<string, number> = {};
      const before = tally.findings.length;
      for (const r of result.results) {
        counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
        tally.verdicts[r.verdict] = (tally.verdicts[r.verdict] ?? 0) + 1;
        tally.judged += 1;
        const seen = { seed, fixtures, rule: r.rule, verdict: r.verdict, reason: r.reason ?? '' };
        if (r.verdict === 'failed' || r.verdict === 'error') tally.findings.push(seen);
        if (r.verdict === 'skipped') tally.skipped.push(seen);
      }
      const found = tally.findings.slice(before).map((f) => `\n  ${f.rule} ${f.verdict}: ${f.reason}`).join('');
      onRun(`${fixtures} seed ${seed}: ${Object.entries(counts).map(([v, n]) => `${n} ${v}`).join(', ')}${found}`);
    }
  }
  return tally;
}
