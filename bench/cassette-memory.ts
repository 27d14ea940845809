// Cassette size and memory: a large cassette streamed by the reader and loaded by the replay server, each
// in a fresh process with --expose-gc, so one measurement's heap does not leak into the next.
// Run: node bin/run-ts.js bench/cassette-memory.ts [exchanges]   (default 100000)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openCassette } from '../harness/cassette/cassette-reader.js';
import { CassetteWriter } from '../harness/cassette/cassette-writer.js';
import { loadReplay } from '../harness/replay/load-replay.js';
import { fixed, machine } from './bench-support.js';

const TOKEN = 'EAABenchToken0123456789abcdefXYZ';
const RECORDED = 'http://127.0.0.1:9';
const MB = 1024 * 1024;

/** Bytes above the phase's baseline; `retained`: still reachable at the end, after a full gc. */
type PhaseResult = { ms: number; count: number; peakHeap: number; peakRss: number; retained: number };

function path(i: number): string {
  return `/v25.0/2000001/feed?access_token=${TOKEN}&limit=10&after=C${i}`;
}

/** A feed page as the Graph API writes it: escaped slashes, the token in `paging.next`. */
function feedPage(i: number): string {
  const data = Array.from({ length: 10 }, (_, k) => ({
    id: `2000001_${i * 10 + k}`,
    message: `post ${k} of page ${i}, with a little more text in it`,
    created_time: '2026-01-01T00:00:00+0000',
  }));
  const paging = { cursors: { before: `B${i}`, after: `C${i + 1}` }, next: RECORDED + path(i + 1) };
  return JSON.stringify({ data, paging }).replaceAll('/', '\\/');
}

/** Writes through the writer with redaction on, as the recorder does; returns the mean body size. */
function writeCassette(file: string, n: number): number {
  const writer = CassetteWriter.create(file, { target: RECORDED });
  const headers = { 'content-type': 'application/json; charset=UTF-8', 'x-graph-version': 'v25.0' };
  let bodyBytes = 0;
  for (let i = 0; i < n; i++) {
    const body = feedPage(i);
    bodyBytes += body.length;
    writer.append({
      kind: 'api',
      startedAt: new Date(Date.UTC(2026, 0, 1) + i * 10).toISOString(),
      durationMs: 3.2,
      request: { method: 'GET', url: RECORDED + path(i), headers: { host: '127.0.0.1:9' } },
      response: { status: 200, headers, body },
    });
  }
  writer.close();
  return bodyBytes / n;
}

/** Growth above a baseline taken after a full gc; heap counts Buffers (`external`): the reader's chunks. */
class Growth {
  private readonly base = Growth.used();
  private readonly baseRss = process.memoryUsage().rss;
  private peakHeap = 0;
  private peakRss = 0;

  static used(): number {
    gc?.();
    const now = process.memoryUsage();
    return now.heapUsed + now.external;
  }

  sample(): void {
    const now = process.memoryUsage();
    this.peakHeap = Math.max(this.peakHeap, now.heapUsed + now.external - this.base);
    this.peakRss = Math.max(this.peakRss, now.rss - this.baseRss);
  }

  /** Freed Buffers leave `external` only a tick after the gc that freed them, hence gc, pause, gc. */
  async result(ms: number, count: number): Promise<PhaseResult> {
    this.sample();
    Growth.used();
    await setTimeout(100);
    return { ms, count, peakHeap: this.peakHeap, peakRss: this.peakRss, retained: Growth.used() - this.base };
  }
}

async function streamPhase(file: string): Promise<PhaseResult> {
  const growth = new Growth();
  const start = performance.now();
  const cassette = await openCassette(file);
  let count = 0;
  for await (const _ of cassette.entries()) if (++count % 1000 === 0) growth.sample();
  return growth.result(performance.now() - start, count);
}

async function loadPhase(file: string): Promise<PhaseResult> {
  const growth = new Growth();
  // loadReplay owns its loop; a timer samples whenever it waits for the file.
  const timer = setInterval(() => growth.sample(), 5);
  const start = performance.now();
  const source = await loadReplay(file);
  const ms = performance.now() - start;
  clearInterval(timer);
  // `source` is read after the await, so it is still reachable when `retained` is measured.
  return { ...(await growth.result(ms, 0)), count: source.index.size };
}

/** Runs one phase in a fresh child (bin/run-ts.js, this file, `--phase`) and takes its one message. */
function phase(name: string, file: string): Promise<PhaseResult> {
  const runTs = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
  const proc = fork(runTs, [fileURLToPath(import.meta.url), '--phase', name, file], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve(m as PhaseResult));
    proc.once('exit', (code) => reject(new Error(`phase ${name} exited with ${code}`)));
  });
}

type Written = { n: number; bytes: number; body: number; ms: number };

function report(written: Written, stream: PhaseResult, load: PhaseResult): void {
  const size = (b: number): string => `${fixed(b / MB, 1)} MB | ${fixed(b / written.bytes)}x`;
  const rate = (ms: number, n: number): string =>
    `${fixed(ms / 1000, 1)} s, ${fixed((n / ms) * 1000, 0)} exchanges/s |`;
  const memory = (what: string, r: PhaseResult): string[][] => [
    [`${what}: time`, rate(r.ms, r.count)],
    [`${what}: peak heap + buffers growth`, size(r.peakHeap)],
    [`${what}: peak RSS growth`, size(r.peakRss)],
    [`${what}: retained after gc`, size(r.retained)],
  ];
  const perExchange = fixed(written.bytes / written.n, 0);
  console.log(`${written.n} exchanges, ${perExchange} B each on disk, bodies ${fixed(written.body, 0)} B`);
  console.log(machine(false));
  console.log('| figure | value | of file size |\n|---|---|---|');
  const rows = [
    ['file on disk', size(written.bytes)],
    ['write (CassetteWriter, redaction on): time', rate(written.ms, written.n)],
    ...memory('streaming read (openCassette().entries())', stream),
    ...memory('replay load (loadReplay)', load),
  ];
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a count of exchanges: ${process.argv[2]}`);
  const dir = mkdtempSync(join(tmpdir(), 'graphcheck-bench-'));
  try {
    const file = join(dir, 'cassette.yml');
    const start = performance.now();
    const body = writeCassette(file, n);
    const written = { n, body, ms: performance.now() - start, bytes: statSync(file).size };
    report(written, await phase('stream', file), await phase('load', file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const phaseAt = process.argv.indexOf('--phase');
if (phaseAt === -1) await main();
else {
  const [name, file] = process.argv.slice(phaseAt + 1) as [string, string];
  process.send?.(await (name === 'stream' ? streamPhase(file) : loadPhase(file)));
  process.disconnect?.();
}
