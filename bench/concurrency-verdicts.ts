// Verdicts independent of concurrency (issue 29, item 8): seven fault switches at once, the suites they touch, run
// against the reference at each of BENCH_CONCURRENCY (default "1,8,32") on each of BENCH_SEEDS (default 1..10); every
// rule's verdict at each concurrency is compared with its verdict at the first, and each difference is printed.
// BENCH_SUITES narrows the suites (default: the six the switches touch, as test/harness/sessions/sessions.integration.test.ts does).
// Run: node bin/run-ts.js bench/concurrency-verdicts.ts
import { SUITES_DIR } from '../bin/commands/run.js';
import { loadSuites } from '../harness/suite-loading/load-suite.js';
import { openRun } from '../harness/target/open-run.js';
import { runSuites } from '../harness/engine/run-suites.js';
import { validateProfile } from '../harness/profile/load-profile.js';
import { startReference } from '../reference/index.js';

const FAULTS = [
  'feed-paging-repeats',
  'feed-wrong-error-code',
  'comments-reverse-order',
  'versioning-downgrade-allowed',
  'auth-code-reusable',
  'templates-category-unchecked',
  'photos-retention-forever',
];
const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const SUITES = list('BENCH_SUITES', 'feed,comments,versioning,authorization,templates,photos');
const SEEDS = list('BENCH_SEEDS', '1,2,3,4,5,6,7,8,9,10').map(Number);
const CONCURRENCY = list('BENCH_CONCURRENCY', '1,8,32').map(Number);
const suites = await loadSuites(SUITES_DIR);

async function verdicts(seed: number, concurrency: number): Promise<Map<string, string>> {
  const reference = await startReference({ faults: FAULTS });
  try {
    const profile = validateProfile(reference.profile, 'reference');
    const run = await openRun({ profile, timeoutMs: 10_000, seed, runs: 20, versionPrefix: 'latest', concurrency });
    try {
      const result = await runSuites(suites, { suites: SUITES }, run.ctx);
      return new Map(result.results.map((r) => [r.rule, r.verdict]));
    } finally {
      await run.close();
    }
  } finally {
    await reference.close();
  }
}

console.log(`faults ${FAULTS.join(', ')}; suites ${SUITES.join(', ')}; concurrency ${CONCURRENCY.join(', ')}`);
console.log('| seed | ' + CONCURRENCY.map((c) => `wall s at ${c}`).join(' | ') + ' | rules | failed | verdicts differing |');
console.log('|---' + '|---'.repeat(CONCURRENCY.length) + '|---|---|---|');
let differing = 0;
for (const seed of SEEDS) {
  const runs: Map<string, string>[] = [];
  const walls: string[] = [];
  for (const concurrency of CONCURRENCY) {
    const started = process.hrtime.bigint();
    runs.push(await verdicts(seed, concurrency));
    walls.push((Number(process.hrtime.bigint() - started) / 1e9).toFixed(1));
  }
  const [first, ...others] = runs;
  const diffs = others.flatMap((other, i) =>
    [...first!].filter(([rule, verdict]) => other.get(rule) !== verdict).map(([rule, verdict]) => `${rule}: ${verdict} at ${CONCURRENCY[0]}, ${other.get(rule)} at ${CONCURRENCY[i + 1]}`),
  );
  differing += diffs.length;
  const failed = [...first!.values()].filter((v) => v === 'failed').length;
  console.log(`| ${seed} | ${walls.join(' | ')} | ${first!.size} | ${failed} | ${diffs.length ? diffs.join('; ') : 'none'} |`);
}
console.log(`\n${differing} verdict(s) differed`);
process.exit(differing === 0 ? 0 : 1);
