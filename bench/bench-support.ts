import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load-client.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Read once, before pinning narrows what this process may use. */
const CORES = availableParallelism();

/**
 * Pins a process (all its threads) to one core when `taskset` exists: the server under test on core 0, the
 * load generator and the target on the others, so the scheduler does not add noise to the ratios.
 */
export function pin(pid: number, core: number): boolean {
  if (process.platform !== 'linux' || CORES < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-pc', String(core % CORES), String(pid)], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Starts `bench/NAME.ts` as a child with an IPC channel and waits for its first message. */
export async function child<T>(name: string): Promise<{ process: ChildProcess; first: T }> {
  const proc = fork(`${ROOT}bin/run-ts.js`, [`${ROOT}bench/${name}.ts`], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const first = await new Promise<T>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as T));
    proc.once('exit', (code) => reject(new Error(`bench/${name}.ts exited with ${code}`)));
  });
  return { process: proc, first };
}

export interface Measured extends LoadResult {
  /** CPU time of this process (the server under test) per request, microseconds. */
  cpuUsPerRequest: number;
  rps: number;
}

/** Runs one load job from the load child while measuring this process's CPU. */
export async function measure(load: ChildProcess, job: LoadJob): Promise<Measured> {
  const cpu = process.cpuUsage();
  const result = await new Promise<LoadResult & { error?: string }>((resolve) => {
    load.once('message', (m) => resolve(m as LoadResult));
    load.send(job);
  });
  const used = process.cpuUsage(cpu);
  if (result.error) throw new Error(result.error);
  if (result.errors > 0)
    throw new Error(`${result.errors} of ${result.requests} requests did not answer 200`);
  return {
    ...result,
    cpuUsPerRequest: (used.user + used.system) / job.requests,
    rps: (job.requests / result.elapsedMs) * 1000,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function fixed(n: number, digits = 2): string {
  return n.toFixed(digits);
}

/** Machine facts printed with every result, so figures can be compared across runs. */
export function machine(pinned: boolean): string {
  return `${pinned ? 'server pinned to core 0, load on core 1; ' : ''}node ${process.version}, ${process.platform} ${process.arch}, ${CORES} cores, ${cpus()[0]?.model ?? 'unknown cpu'}`;
}
