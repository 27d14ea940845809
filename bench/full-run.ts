// The full default run against the embedded reference, timed as a user would run it (a fresh CLI process),
// default runs and with --runs 100. Aims (issue 9): under 20 s and under 60 s on 2 cores.
// Run: node bin/run-ts.js bench/full-run.ts (BENCH_FULL_RUN_REPEATS=3 for a median of three)
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPEATS = Number(process.env.BENCH_FULL_RUN_REPEATS ?? 1);
const CASES: { name: string; args: string[]; aimSeconds: number }[] = [
  { name: 'default', args: [], aimSeconds: 20 },
  { name: '--runs 100', args: ['--runs', '100'], aimSeconds: 60 },
];

interface Timed {
  seconds: number;
  exitCode: number | null;
  rules: number;
  passed: number;
}

async function timeRun(args: string[]): Promise<Timed> {
  const reports = await mkdtemp(join(tmpdir(), 'graphcheck-bench-'));
  const started = process.hrtime.bigint();
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/graphcheck.js'), 'run', '--quiet', '--seed', '7', '--format', 'json', '--report-dir', reports, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => resolve(code));
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as { results: { verdict: string }[] };
  await rm(reports, { recursive: true, force: true });
  return { seconds, exitCode, rules: report.results.length, passed: report.results.filter((r) => r.verdict === 'passed').length };
}

console.log(`full run against the embedded reference (seed 7), ${REPEATS} repeat(s) per case`);
console.log('| case | wall s (median) | rules | passed | exit | aim |');
console.log('|---|---|---|---|---|---|');
for (const { name, args, aimSeconds } of CASES) {
  const runs: Timed[] = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await timeRun(args));
  const sorted = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const last = runs.at(-1)!;
  const met = median < aimSeconds ? 'met' : 'NOT met';
  console.log(`| ${name} | ${median.toFixed(1)} | ${last.rules} | ${last.passed} | ${last.exitCode} | < ${aimSeconds} s: ${met} |`);
}
