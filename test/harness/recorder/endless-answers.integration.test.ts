import { createServer, type ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../../harness/http/listen.js';
import { type RunningRecorder } from '../../../harness/recorder/recorder.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/** Each answer the target started: its response, and a promise that settles when its connection closes. */
const arrivals: Array<{ res: ServerResponse; closed: Promise<void> }> = [];
const waiting: Array<() => void> = [];

/** A target whose every answer is endless: chunks as fast as the connection takes them, until it closes. */
const target = createServer((_req, res) => {
  arrivals.push({ res, closed: new Promise((resolve) => res.once('close', resolve)) });
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(64 * 1024, 'z');
  const more = (): void => {
    while (!res.destroyed && res.write(chunk));
  };
  res.on('drain', more);
  more();
  for (const wake of waiting.splice(0)) wake();
});
let targetUrl = '';
let dir = '';
let recorder: RunningRecorder;

/** The n-th answer (0-based) the target started, once it has. */
async function arrival(n: number): Promise<{ res: ServerResponse; closed: Promise<void> }> {
  while (arrivals.length <= n) await new Promise<void>((resolve) => waiting.push(resolve));
  return arrivals[n] as { res: ServerResponse; closed: Promise<void> };
}

beforeAll(async () => {
  dir = tempFolder('graphcheck-endless-');
  targetUrl = await listen(target, '127.0.0.1', 0);
  // A short deadline for the second test; the first must not depend on it, so its client leaves long before.
  recorder = await startRecordingProxy({ target: targetUrl, cassette: join(dir, 'endless.yml'), timeoutMs: 2_000, maxBodyBytes: 1024 });
});

afterAll(async () => {
  await recorder.close();
  target.closeAllConnections();
  await closeServer(target);
  await rm(dir, { recursive: true, force: true });
});

describe('the recorder and an answer that never ends', () => {
  it('lets the target go as soon as the client leaves, instead of reading on', async () => {
    const req = httpRequest(`${recorder.url}/v25.0/me`);
    req.on('error', () => undefined);
    req.end();
    // The client gives up once the target has started answering (the recorder holds the answer: it sees nothing).
    const first = await arrival(0);
    req.destroy();
    await first.closed;
    expect(first.res.destroyed).toBe(true);
  }, 10_000);

  it('cuts the exchange at its deadline: the client gets the 502 of a target that did not answer in time', async () => {
    const answer = await request(`${recorder.url}/v25.0/me`);
    expect(answer.statusCode).toBe(502);
    expect(answer.headers['x-graphcheck-recorder-error']).toBe('TIMEOUT');
    await answer.body.text();
    await (await arrival(1)).closed;
  }, 10_000);
});
