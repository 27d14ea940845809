// A small `.yaml.gz` cassette of many large answers, and the peak memory of a graphcheck command reading it:
// shared by bench/replay-memory.ts and test/bin/replay-memory.cli.test.ts.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

const BIN = fileURLToPath(new URL('../bin/graphcheck.js', import.meta.url));

/** The start of answer `i`: `{"data":"000042xxx...`, so each answer is its own. */
function answerHead(i: number): string {
  return `{"data":"${String(i).padStart(6, '0')}`;
}

/**
 * The request answer `i` is recorded for: with a token, as a client sends it, or without one (`check` holds requests
 * without a credential until it sees one, the case that once held every answer whole).
 */
export function answerPath(i: number, tokenless = false): string {
  return tokenless ? `/v25.0/big/${i}` : `/v25.0/big/${i}?access_token=EAABenchToken${i}`;
}

/**
 * Writes a gzip cassette of `count` answers of `mib` MiB each (`{"data":"xxx..."}`), in chunks: the writer never
 * holds one answer whole. Returns the length and SHA-256 of answer `probe`.
 */
export async function writeLargeAnswers(file: string, count: number, mib: number, probe = 0, tokenless = false): Promise<{ length: number; sha256: string }> {
  const gzip = createGzip({ level: 1 });
  const out = createWriteStream(file);
  gzip.pipe(out);
  const write = async (data: string | Buffer) => {
    if (!gzip.write(data)) await once(gzip, 'drain');
  };
  const chunk = Buffer.alloc(1 << 20, 'x');
  const header = { graphcheck_cassette: 1, target: 'http://127.0.0.1:9', recorded_at: '2026-01-01T00:00:00Z', redaction: { enabled: false } };
  await write(`---\n${JSON.stringify(header)}\n`);
  let probed = { length: 0, sha256: '' };
  for (let i = 0; i < count; i++) {
    const request = { method: 'GET', url: `http://127.0.0.1:9${answerPath(i, tokenless)}`, headers: {} };
    const head = answerHead(i);
    await write(`---\n{"startedAt":"2026-01-01T00:00:00.000Z","durationMs":1,"request":${JSON.stringify(request)},`);
    await write(`"response":{"status":200,"headers":{"content-type":"application/json"},"body":${JSON.stringify(head).slice(0, -1)}`);
    const hash = createHash('sha256').update(head);
    for (let m = 0; m < mib; m++) {
      await write(chunk);
      hash.update(chunk);
    }
    await write('\\"}"}}\n');
    if (i === probe) probed = { length: head.length + mib * chunk.length + 2, sha256: hash.update('"}').digest('hex') };
  }
  gzip.end();
  await once(out, 'close');
  return probed;
}

export interface Measured {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak resident set (VmHWM, Linux), MiB. */
  peakMb: number;
  ms: number;
  /** `replay`: the answer fetched once it listened. */
  served?: { status: number; length: number; sha256: string };
}

/**
 * Runs `graphcheck ARGS` and samples its peak resident set until it exits. A `replay` is sent one request for
 * `fetchPath` once it listens, then SIGINT.
 */
export function measured(args: string[], fetchPath?: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe', timeout: 900_000, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    let served: Measured['served'];
    const sample = (): void => {
      try {
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // exited between samples: VmHWM is a high-water mark, so the last sample holds the peak
      }
    };
    const timer = setInterval(sample, 20);
    const fetchOnce = async (url: string): Promise<void> => {
      const answer = await fetch(`${url}${fetchPath}`);
      const hash = createHash('sha256');
      let length = 0;
      for await (const part of answer.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(part);
        length += part.length;
      }
      sample();
      served = { status: answer.status, length, sha256: hash.digest('hex') };
      child.kill('SIGINT');
    };
    let asked = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const listening = fetchPath === undefined ? null : /replay server on (http:\S+)/.exec(stdout);
      if (listening && !asked) {
        asked = true;
        fetchOnce(listening[1]!).catch(reject);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, peakMb: peakKb / 1024, ms: performance.now() - start, ...(served ? { served } : {}) });
    });
  });
}
