// The full default run against the embedded reference, timed as a user would run it (a fresh CLI process),
// default runs and with --runs 100. Aims (issue 9): under 20 s and under 60 s on 2 cores. Each row also says how
// many rules their max_runs ceiling held below the runs asked, the five slowest rules, and the load average (the
// machine is shared; a figure means little without it).
// Run: node bin/run-ts.js bench/full-run.ts (BENCH_FULL_RUN_REPEATS=3 for a median of three)
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
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
  capped: number;
  slowest: string[];
}

interface ReportedRule {
  rule: string;
  verdict: string;
  durationMs: number;
  runs?: number;
  runsCapped?: unknown;
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
  const { results } = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as { results: ReportedRule[] };
  await rm(reports, { recursive: true, force: true });
  const slowest = [...results].sort((a, b) => b.durationMs - a.durationMs).slice(0, 5);
  return {
    seconds,
    exitCode,
    rules: results.length,
    passed: results.filter((r) => r.verdict === 'passed').length,
    capped: results.filter((r) => r.runsCapped).length,
    slowest: slowest.map((r) => `${r.rule} ${(r.durationMs / 1000).toFixed(1)} s${r.runs ? ` (${r.runs} runs)` : ''}`),
  };
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

console.log(`full run against the embedded reference (seed 7), ${REPEATS} repeat(s) per case`);
console.log('| case | wall s (median) | all walls | rules | passed | capped | exit | load before, after | aim |');
console.log('|---|---|---|---|---|---|---|---|---|');
const slowest: string[] = [];
for (const { name, args, aimSeconds } of CASES) {
  const runs: Timed[] = [];
  const before = load();
  for (let i = 0; i < REPEATS; i++) runs.push(await timeRun(args));
  const sorted = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const last = runs.at(-1)!;
  const met = median < aimSeconds ? 'met' : 'NOT met';
  const walls = runs.map((r) => r.seconds.toFixed(1)).join(', ');
  console.log(`| ${name} | ${median.toFixed(1)} | ${walls} | ${last.rules} | ${last.passed} | ${last.capped} | ${last.exitCode} | ${before}; ${load()} | < ${aimSeconds} s: ${met} |`);
  slowest.push(`${name}: ${last.slowest.join(', ')}`);
}
console.log(`\nslowest rules (last repeat)\n${slowest.join('\n')}`);
