// The full default run against the reference as if it were across a network: the reference (in this process) sits
// behind bench/delay-proxy.ts, which makes every round trip cost BENCH_RTTS milliseconds (default "0,20,100"; 0 is
// loopback, no proxy), and a fresh CLI process runs every rule against it through a profile file: at the default
// concurrency with sessions (contract 2.1, the reference's default) and without (the reference started with
// maxSessions 0), and at --concurrency 1 up to BENCH_SERIAL_MAX_RTT (default 0: loopback only; the serial run at
// 100 ms takes ten minutes or more). Aims (issue 33): at a 20 ms round trip the default run takes at most 15 s with
// every rule passed, at 100 ms at most 60 s; on loopback no slower than without sessions. BENCH_KEEP_REPORTS=<dir>
// keeps each run's report.json; BENCH_EXCLUDE=<globs> leaves rules out (`--exclude`), to measure what the longest
// rules' chains cost the run's wall.
// Run: node bin/run-ts.js bench/remote-run.ts
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITES_DIR } from '../bin/commands/run.js';
import { exclusivityOf } from '../harness/engine/exclusivity.js';
import { loadSuites } from '../harness/suite-loading/load-suite.js';
import { startReference } from '../reference/index.js';
import { referenceBehind } from '../test/helpers/reference-behind.js';
import { startDelayProxy } from './delay-proxy.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RTTS = (process.env.BENCH_RTTS ?? '0,20,100').split(',').map(Number);
const SERIAL_MAX_RTT = Number(process.env.BENCH_SERIAL_MAX_RTT ?? 0);
// What a user runs: the compiled package (built here first), whose start reads the prebuilt suite index. With
// BENCH_CLI=sources, the sources through tsx (a few seconds more at each start).
const FROM_SOURCES = process.env.BENCH_CLI === 'sources';
// The concurrencies of the rows with and without sessions; absent: the default (no --concurrency flag).
const CONCURRENCIES = process.env.BENCH_CONCURRENCY?.split(',').map(Number) ?? [undefined];
// BENCH_SESSIONS=yes (or no) measures only the rows with (or without) sessions: a row without them at 100 ms takes minutes.
const SESSIONS = ({ yes: [true], no: [false], '': [true, false] } as Record<string, boolean[]>)[process.env.BENCH_SESSIONS ?? ''];
if (!SESSIONS) throw new Error(`BENCH_SESSIONS=${process.env.BENCH_SESSIONS}: write yes, no, or leave it unset for both`);

interface Timed {
  seconds: number;
  exitCode: number | null;
  rules: number;
  passed: number;
  connections: number | undefined;
  /** Seconds spent in rules that run alone (nothing beside them), summed from report.json. */
  aloneSeconds: number;
  /** The same seconds by the first reason each rule runs alone (`exclusivityOf(...).why[0]`, step numbers dropped). */
  aloneByReason: Map<string, number>;
  /** CPU seconds of this process during the run: the reference and the delaying proxy (the CLI is a child). */
  targetCpuSeconds: number;
  /** The machine's cores busy during the run, as a share of all of them (every process, the CLI's included). */
  machineBusy: number;
}

/** Busy and total CPU time of every core so far (os.cpus(), in ms): two readings give the machine's load between. */
function coreTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/** The rules that run alone, each with its first reason: their time is the floor no concurrency lowers. */
const alone = new Map(
  (await loadSuites(SUITES_DIR))
    .flatMap((s) => s.rules)
    .filter((r) => exclusivityOf(r).alone)
    .map((r) => [r.id, exclusivityOf(r).why[0]!.replace(/^step \d+:? ?/, '')]),
);

async function timeRun(rtt: number, concurrency: number | undefined, sessions: boolean): Promise<Timed> {
  // Behind the proxy, the reference names the proxy's URL as its public one, as `serve-reference --public-url` does.
  const options = sessions ? {} : { maxSessions: 0 };
  const behind = rtt ? await referenceBehind((upstream) => startDelayProxy(upstream, rtt / 2), options) : undefined;
  const proxy = behind?.front;
  const reference = behind?.reference ?? (await startReference(options));
  const dir = await mkdtemp(join(tmpdir(), 'graphcheck-remote-'));
  try {
    const profile = join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(reference.profile));
    const args = ['run', '--quiet', '--seed', '7', '--format', 'json', '--report-dir', dir, '--profile', profile, ...(concurrency ? ['--concurrency', String(concurrency)] : []), ...(process.env.BENCH_EXCLUDE ? ['--exclude', process.env.BENCH_EXCLUDE] : [])];
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const coresBefore = coreTimes();
    const exitCode = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, FROM_SOURCES ? 'bin/graphcheck.js' : 'dist/bin/cli.js'), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('exit', (code) => resolve(code));
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const cores = coreTimes();
    const reportText = await readFile(join(dir, 'report.json'), 'utf8');
    // BENCH_KEEP_REPORTS=<dir> keeps each run's report.json there, for a look at where the time goes rule by rule.
    const keep = process.env.BENCH_KEEP_REPORTS;
    if (keep) await writeFile(join(keep, `report-${rtt}ms-c${concurrency ?? 'default'}${sessions ? '' : '-nosessions'}.json`), reportText);
    const report = JSON.parse(reportText) as { results: { rule: string; verdict: string; durationMs: number }[] };
    const { results } = report;
    const aloneResults = results.filter((r) => alone.has(r.rule));
    const aloneMs = aloneResults.reduce((sum, r) => sum + r.durationMs, 0);
    const aloneByReason = new Map<string, number>();
    for (const r of aloneResults) aloneByReason.set(alone.get(r.rule)!, (aloneByReason.get(alone.get(r.rule)!) ?? 0) + r.durationMs / 1000);
    return {
      seconds,
      exitCode,
      rules: results.length,
      passed: results.filter((r) => r.verdict === 'passed').length,
      connections: proxy?.connections(),
      aloneSeconds: aloneMs / 1000,
      aloneByReason,
      targetCpuSeconds: (cpu.user + cpu.system) / 1e6,
      machineBusy: (cores.busy - coresBefore.busy) / (cores.total - coresBefore.total),
    };
  } finally {
    await (behind ?? reference).close();
    await rm(dir, { recursive: true, force: true });
  }
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

if (!FROM_SOURCES) await new Promise<void>((resolve, reject) => {
  spawn(process.execPath, [join(ROOT, 'scripts/build.js')], { stdio: 'inherit' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build exited ${code}`))));
});
console.log(`${FROM_SOURCES ? 'the sources (bin/graphcheck.js)' : 'the compiled CLI (dist/bin/cli.js)'}: full run against the reference (seed 7), round trips ${RTTS.join(', ')} ms; default concurrency by the round trip (engine/slots.ts)`);
console.log(`${alone.size} rules run alone`);
console.log(`${cpus().length} cores; "reference and proxy CPU s": this process's CPU during the run; "cores busy": every process's`);
console.log('| round trip | concurrency | sessions | wall s | in rules run alone s | rules | passed | connections opened | exit | reference and proxy CPU s | cores busy | load before; after |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const aloneAccounts: string[] = [];
for (const rtt of RTTS) {
  const runs: [number | undefined, boolean][] = [
    ...CONCURRENCIES.flatMap((c) => SESSIONS.map((sessions): [number | undefined, boolean] => [c, sessions])),
    ...(rtt <= SERIAL_MAX_RTT ? [[1, false] as [number, boolean]] : []),
  ];
  for (const [concurrency, sessions] of runs) {
    const before = load();
    const t = await timeRun(rtt, concurrency, sessions);
    const where = rtt ? `${rtt} ms` : 'loopback';
    console.log(`| ${where} | ${concurrency ?? 'default'} | ${sessions ? 'yes' : 'no'} | ${t.seconds.toFixed(1)} | ${t.aloneSeconds.toFixed(1)} | ${t.rules} | ${t.passed} | ${t.connections ?? '-'} | ${t.exitCode} | ${t.targetCpuSeconds.toFixed(1)} | ${Math.round(t.machineBusy * 100)}% | ${before}; ${load()} |`);
    const byReason = [...t.aloneByReason].sort((a, b) => b[1] - a[1]).map(([why, s]) => `${s.toFixed(1)} s ${why}`);
    aloneAccounts.push(`${where}, concurrency ${concurrency}, sessions ${sessions ? 'yes' : 'no'}, rules run alone by their first reason (in sessions: side by side):\n  ${byReason.join('\n  ')}`);
  }
}
console.log(`\n${aloneAccounts.join('\n')}`);
