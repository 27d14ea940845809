/**
 * Re-records cassettes/reference-full-run.yaml.gz: a full run (every suite, seed 20261122) against the embedded
 * reference target, kept with `run --record` and gzip-compressed (photo uploads make it ~80 MB as YAML), plus
 * cassettes/reference-full-run.verdicts.json, the verdicts the live run reached. test/cassettes/shipped-cassette.integration.test.ts
 * repeats the run offline from it and expects the same verdicts.
 * Each recorded rule is fingerprinted by what decides its traffic (scripts/cassette-staleness.ts): `npm run regen`
 * re-records only when one of them changed or went, never for a rule added. Run it by hand to take new rules in.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { runCommand, SUITES_DIR } from '../bin/commands/run.js';
import { loadSuites } from '../harness/suite-loading/load-suite.js';
import { ruleFingerprints, type ShippedVerdicts } from './cassette-staleness.js';

export const SHIPPED_SEED = 20261122;
const OUT = new URL('../cassettes/', import.meta.url).pathname;

const work = await mkdtemp(join(tmpdir(), 'graphcheck-shipped-'));
try {
  const cassette = join(work, 'reference-full-run.yaml');
  const code = await runCommand(
    {
      seed: String(SHIPPED_SEED),
      // No --runs: given, it would raise every property rule to 20 runs (a floor), unlike a plain run.
      reportDir: work,
      timeout: '10000',
      versionPrefix: 'latest',
      suitesDir: SUITES_DIR,
      record: cassette,
    },
    () => {},
  );
  const report = JSON.parse(await readFile(join(work, 'report.json'), 'utf8')) as {
    results: { rule: string; verdict: string }[];
  };
  const verdicts = Object.fromEntries(report.results.map((r) => [r.rule, r.verdict]));
  await pipeline(createReadStream(cassette), createGzip({ level: 9 }), createWriteStream(join(OUT, 'reference-full-run.yaml.gz')));
  const all = ruleFingerprints(await loadSuites(SUITES_DIR));
  const fingerprints = Object.fromEntries(Object.keys(verdicts).map((rule) => [rule, all[rule] ?? '']));
  const shipped: ShippedVerdicts = { seed: SHIPPED_SEED, exit: code, verdicts, fingerprints };
  await writeFile(join(OUT, 'reference-full-run.verdicts.json'), `${JSON.stringify(shipped, null, 2)}\n`);
  process.stdout.write(`cassettes/reference-full-run.yaml.gz: ${report.results.length} rules, exit ${code}\n`);
} finally {
  await rm(work, { recursive: true, force: true });
}
