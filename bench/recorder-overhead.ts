// The recording proxy vs calling the target directly, interleaved: recorder CPU per exchange and added latency.
// Run: node bin/run-ts.js bench/recorder-overhead.ts [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRecordingProxy } from '../harness/run/recorded/recording-proxy.js';
import { child, fixed, type Measured, machine, measure, median, pin } from './bench-support.js';
import { startPlainProxy } from './plain-proxy.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const TOKEN = 'EAABenchToken0123456789abcdefXYZ';
const PATHS = Array.from(
  { length: 100 },
  (_, i) => `/v25.0/2000001/feed?access_token=${TOKEN}&limit=10&after=C${i}`,
);
const JOBS = [
  {
    connections: 1,
    requests: Number(process.env.BENCH_REQUESTS_1 ?? 3_000),
    warmup: 300,
  },
  {
    connections: 50,
    requests: Number(process.env.BENCH_REQUESTS_50 ?? 10_000),
    warmup: 1_000,
  },
];

type Side = 'direct' | 'plain' | 'recorder';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'graphcheck-bench-'));
  const { process: load } = await child<{ ready: true }>('load-client');
  const { process: targetProcess, first } = await child<{ url: string }>('bench-target');
  const pinned = pin(process.pid, 0) && pin(load.pid as number, 1) && pin(targetProcess.pid as number, 1);
  const results: Record<string, Measured[]> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const job of JOBS) {
        const order: Side[] =
          round % 2 === 0 ? ['direct', 'plain', 'recorder'] : ['recorder', 'plain', 'direct'];
        for (const side of order) {
          // A fresh cassette per phase keeps the disk use bounded; redaction is on, as by default.
          const cassette = join(dir, `phase-${round}-${job.connections}.yml`);
          const server =
            side === 'recorder'
              ? await startRecordingProxy({
                  target: first.url,
                  cassette,
                  mode: 'all',
                })
              : side === 'plain'
                ? await startPlainProxy(first.url)
                : undefined;
          const measured = await measure(load, {
            origin: server?.url ?? first.url,
            paths: PATHS,
            ...job,
          });
          await server?.close();
          rmSync(cassette, { force: true });
          results[`${side}-${job.connections}`] = [
            ...(results[`${side}-${job.connections}`] ?? []),
            measured,
          ];
        }
      }
    }
  } finally {
    load.kill();
    targetProcess.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  report(results, pinned);
}

function report(results: Record<string, Measured[]>, pinned: boolean): void {
  console.log(`recorder vs direct, ${ROUNDS} interleaved rounds; target and load in child processes`);
  console.log(machine(pinned));
  console.log(
    '| connections | proxy | direct p50 ms | proxy p50 ms | added p50 ms | added p99 ms | throughput vs direct | CPU us/exchange | CPU vs plain proxy |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { connections } of JOBS) {
    const direct = results[`direct-${connections}`] ?? [];
    const plain = results[`plain-${connections}`] ?? [];
    for (const side of ['plain', 'recorder'] as const) {
      const proxy = results[`${side}-${connections}`] ?? [];
      // Per round, against the plain proxy measured beside it: the recorder's own cost, as a ratio.
      const vsPlain = median(proxy.map((r, i) => (r.cpuUsPerRequest - (direct[i] as Measured).cpuUsPerRequest) /
        ((plain[i] as Measured).cpuUsPerRequest - (direct[i] as Measured).cpuUsPerRequest)));
      const paired = (f: (r: Measured, d: Measured) => number): number =>
        median(proxy.map((r, i) => f(r, direct[i] as Measured)));
      console.log(
        `| ${connections} | ${side === 'plain' ? 'plain undici proxy' : 'recorder'} | ${fixed(median(direct.map((r) => r.p50)), 3)} | ` +
          `${fixed(median(proxy.map((r) => r.p50)), 3)} | ${fixed(
            paired((r, d) => r.p50 - d.p50),
            3,
          )} | ` +
          `${fixed(
            paired((r, d) => r.p99 - d.p99),
            3,
          )} | ${fixed(paired((r, d) => r.rps / d.rps))}x | ` +
          `${fixed(
            paired((r, d) => r.cpuUsPerRequest - d.cpuUsPerRequest),
            1,
          )} | ${fixed(vsPlain)}x |`,
      );
    }
  }
}

await main();
