// The load generator, run as a child process so the server under test is alone in the parent and
// process.cpuUsage() there measures the server only. Jobs arrive over IPC; results go back the same way.
import { Pool } from 'undici';

export interface LoadJob {
  origin: string;
  paths: string[];
  connections: number;
  requests: number;
  warmup: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  elapsedMs: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
}

async function drive(pool: Pool, job: LoadJob, count: number, latencies?: Float64Array): Promise<number> {
  let next = 0;
  let errors = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      const answer = await pool.request({
        method: 'GET',
        path: job.paths[i % job.paths.length] as string,
      });
      await answer.body.dump();
      if (answer.statusCode !== 200) errors++;
      if (latencies) latencies[i] = performance.now() - start;
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  return errors;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const pool = new Pool(job.origin, {
    connections: job.connections,
    pipelining: 1,
  });
  try {
    await drive(pool, job, job.warmup);
    const latencies = new Float64Array(job.requests);
    const start = performance.now();
    const errors = await drive(pool, job, job.requests, latencies);
    const elapsedMs = performance.now() - start;
    latencies.sort();
    return {
      requests: job.requests,
      errors,
      elapsedMs,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
    };
  } finally {
    await pool.close();
  }
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: Error) => process.send?.({ error: error.message }),
  );
});
process.send?.({ ready: true });
