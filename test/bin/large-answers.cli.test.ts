// The process is the point here: its peak resident set is read from /proc while it runs against a 50 MiB answer.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../harness/cassette/cassette-reader.js';
import { minimalProfile } from '../helpers/bad-targets.js';
import { BIN, hasStackTrace } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const SIZE = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** 50 MiB of JSON (`{"data":"xxx..."}`), written in 64 KiB chunks: the test process never holds it whole. */
function giantJson(): { head: Buffer; tail: Buffer; sha256: string } {
  const head = Buffer.from('{"data":"');
  const tail = Buffer.from('"}');
  const hash = createHash('sha256').update(head);
  for (let sent = head.length + tail.length; sent < SIZE; sent += CHUNK.length) hash.update(CHUNK.subarray(0, Math.min(CHUNK.length, SIZE - sent)));
  return { head, tail, sha256: hash.update(tail).digest('hex') };
}

const body = giantJson();
const dir = tempDir('graphcheck-large-');
let target: Server;
let url = '';

beforeAll(async () => {
  // Every request, whatever it asks, gets 50 MiB of JSON.
  target = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(SIZE) });
    let sent = body.head.length + body.tail.length;
    res.write(body.head);
    const more = (): void => {
      while (sent < SIZE) {
        const part = CHUNK.subarray(0, Math.min(CHUNK.length, SIZE - sent));
        sent += part.length;
        if (!res.write(part)) return void res.once('drain', more);
      }
      res.end(body.tail);
    };
    more();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise<void>((resolve) => target.close(() => resolve()));
  dir.cleanup();
});

/** Runs the CLI and samples the child's peak resident set (VmHWM) until it exits. */
function runMeasured(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; peakMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe', timeout: 120_000, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    const sample = (): void => {
      try {
        const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
        peakKb = Math.max(peakKb, kb);
      } catch {
        // exited between samples: VmHWM is a high-water mark, so the last sample holds the peak
      }
    };
    const timer = setInterval(sample, 20);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, peakMb: peakKb / 1024 });
    });
  });
}

describe.runIf(process.platform === 'linux')('a target that answers 50 MiB to everything', () => {
  it('ends the run by itself with exit 3, the answer kept as size and hash, peak RSS under 300 MB', async () => {
    const profile = dir.path('target.json');
    writeFileSync(profile, JSON.stringify(minimalProfile(url)));
    const out = await runMeasured(['run', '--profile', profile, '--timeout', '20000', '--report-dir', dir.path('reports')]);
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(/answer larger than 16 MiB \(52428800 bytes, sha256 [0-9a-f]{16}\.\.\.\)/);
    expect(hasStackTrace(out.stderr)).toBe(false);
    expect(out.peakMb).toBeGreaterThan(0);
    expect(out.peakMb).toBeLessThan(300);
  });

  it('through the recorder too: the cassette keeps size, SHA-256 and the first bytes; the run is exit 3', async () => {
    const profile = dir.path('target-recorded.json');
    const cassette = dir.path('large.yaml');
    writeFileSync(profile, JSON.stringify(minimalProfile(url)));
    const out = await runMeasured(['run', '--profile', profile, '--timeout', '20000', '--record', cassette, '--report-dir', dir.path('r2')]);
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(/through the recorder: the target's answer larger than 16 MiB/);
    expect(out.peakMb).toBeLessThan(300);
    const [first] = (await readCassette(cassette)).exchanges;
    expect(first?.response?.bodyTooLarge).toEqual({ size: SIZE, sha256: body.sha256, limit: 16 * 1024 * 1024 });
    expect(first?.response?.bodyOmitted).toBe(true);
    expect(first?.response?.body.startsWith('{"data":"xxxx')).toBe(true);
    expect(first?.response?.body.length).toBe(4096);
  });
});
