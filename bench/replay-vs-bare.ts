// Replay server vs a bare node:http server answering the same bytes, interleaved, as ratios.
// Run: node bin/run-ts.js bench/replay-vs-bare.ts [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { CassetteWriter } from '../harness/cassette/cassette-writer.js';
import { closeServer, listen } from '../harness/http/listen.js';
import { startReplayServer } from '../harness/replay/replay-server.js';
import { child, fixed, type Measured, machine, measure, median, pin } from './bench-support.js';

const TOKEN = 'EAABenchToken0123456789abcdefXYZ';
const RECORDED = 'http://127.0.0.1:9';
const ROUNDS = Number(process.argv[2] ?? 5);
let pinned = false;
const JOB = {
  connections: 50,
  requests: Number(process.env.BENCH_REQUESTS ?? 20_000),
  warmup: 2_000,
};

function path(i: number): string {
  return `/v25.0/2000001/feed?access_token=${TOKEN}&limit=10&after=C${i}`;
}

/** A cassette of `n` feed pages; each response names the token in `paging.next`, as the Graph API does. */
function makeCassette(file: string, n: number): void {
  const writer = CassetteWriter.create(file, { target: RECORDED });
  for (let i = 0; i < n; i++) {
    const data = Array.from({ length: 10 }, (_, k) => ({
      id: `2000001_${i * 10 + k}`,
      message: `post ${k} of page ${i}`,
      created_time: '2026-01-01T00:00:00+0000',
    }));
    const body = JSON.stringify({
      data,
      paging: {
        cursors: { before: `B${i}`, after: `C${i + 1}` },
        next: RECORDED + path(i + 1),
      },
    }).replaceAll('/', '\\/');
    writer.append({
      kind: 'api',
      startedAt: new Date().toISOString(),
      durationMs: 1,
      request: {
        method: 'GET',
        url: RECORDED + path(i),
        headers: { host: '127.0.0.1:9' },
      },
      response: {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'x-graph-version': 'v25.0',
        },
        body,
      },
    });
  }
  writer.close();
}

/** A bare server that answers each path with the bytes the replay server sends for it (captured once). */
async function bareServer(
  replayUrl: string,
  paths: string[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const answers = new Map<string, { headers: string[]; body: Buffer }>();
  for (const p of paths) {
    const answer = await request(replayUrl + p);
    const body = Buffer.from(await answer.body.arrayBuffer());
    const headers = Object.entries(answer.headers).flatMap(([k, v]) =>
      k === 'connection' || k === 'keep-alive' || k === 'date' ? [] : [k, String(v)],
    );
    answers.set(p, { headers, body });
  }
  let url = '';
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '') as {
      headers: string[];
      body: Buffer;
    };
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  });
  url = await listen(server, '127.0.0.1', 0);
  return { url, close: () => closeServer(server) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'graphcheck-bench-'));
  const { process: load } = await child<{ ready: true }>('load-client');
  pinned = pin(process.pid, 0) && pin(load.pid as number, 1);
  const results: Record<string, Measured[]> = {};
  try {
    for (const size of [1, 1000]) {
      const file = join(dir, `replay-${size}.yml`);
      makeCassette(file, size);
      const paths = Array.from({ length: size }, (_, i) => path(i));
      const replay = await startReplayServer({
        cassette: file,
        match: 'last',
        log: () => {},
      });
      const bare = await bareServer(replay.url, paths);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so drift (thermal, caches) does not favour one side.
        const order = round % 2 === 0 ? ['bare', 'replay'] : ['replay', 'bare'];
        for (const side of order) {
          const origin = side === 'bare' ? bare.url : replay.url;
          const measured = await measure(load, { origin, paths, ...JOB });
          results[`${side}-${size}`] = [...(results[`${side}-${size}`] ?? []), measured];
          if (process.env.BENCH_VERBOSE)
            console.error(
              side,
              size,
              Math.round(measured.rps),
              measured.cpuUsPerRequest.toFixed(1),
              measured.p50.toFixed(2),
            );
        }
      }
      await bare.close();
      await replay.close();
    }
  } finally {
    load.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  report(results);
}

function report(results: Record<string, Measured[]>): void {
  console.log(
    `replay vs bare node:http, ${ROUNDS} interleaved rounds of ${JOB.requests} requests, ${JOB.connections} connections`,
  );
  console.log(machine(pinned));
  console.log(
    '| cassette | bare req/s | replay req/s | req/s ratio | bare CPU us/req | replay CPU us/req | CPU ratio (bare/replay) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const size of [1, 1000]) {
    const bare = results[`bare-${size}`] ?? [];
    const replay = results[`replay-${size}`] ?? [];
    // Ratios are taken per round (adjacent phases share the machine's conditions), then the median.
    const ratio = median(replay.map((r, i) => r.rps / (bare[i]?.rps ?? 1)));
    const cpuRatio = median(replay.map((r, i) => (bare[i]?.cpuUsPerRequest ?? 0) / r.cpuUsPerRequest));
    console.log(
      `| ${size} exchange${size === 1 ? '' : 's'} | ${fixed(median(bare.map((r) => r.rps)), 0)} | ` +
        `${fixed(median(replay.map((r) => r.rps)), 0)} | ${fixed(ratio)}x | ` +
        `${fixed(median(bare.map((r) => r.cpuUsPerRequest)), 1)} | ${fixed(median(replay.map((r) => r.cpuUsPerRequest)), 1)} | ` +
        `${fixed(cpuRatio)}x |`,
    );
  }
}

await main();
