import { createServer, type Server } from 'node:http';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { ProxyAgent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { loadOrCreateAuthority } from '../../../harness/ca/ca-files.js';
import { closeServer, listen } from '../../../harness/http/listen.js';
import { type RunningForwardProxy, startForwardProxy } from '../../../harness/recorder/forward-proxy.js';
import { type RunningRecorder } from '../../../harness/recorder/recorder.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { tempFolder } from '../../helpers/temp-dir.js';

let dir = '';
let target: Server;
let targetUrl = '';
let arrivals = 0;
let recorder: RunningRecorder;
let proxy: RunningForwardProxy;
let caPem = '';
const MAX_BODY = 1024 * 1024;

beforeAll(async () => {
  dir = tempFolder('graphcheck-forward-');
  target = createServer((req, res) => {
    arrivals++;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}'));
  });
  targetUrl = await listen(target, '127.0.0.1', 0);
  const ca = await loadOrCreateAuthority({ certOut: join(dir, 'ca.pem') });
  caPem = ca.certPem;
  recorder = await startRecordingProxy({ target: targetUrl, cassette: join(dir, 'forward.yml'), maxBodyBytes: MAX_BODY });
  proxy = await startForwardProxy({ handler: recorder.handler, ca, maxBodyBytes: MAX_BODY });
});

afterAll(async () => {
  await proxy.close();
  await recorder.close();
  await closeServer(target);
  await rm(dir, { recursive: true, force: true });
});

/** Whether a TCP connection to `host:port` is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the HTTPS forward proxy', () => {
  it('listens on loopback only, as it prints: another address of this machine is refused (127.0.0.2 stands for one)', async () => {
    const port = Number(new URL(proxy.url).port);
    expect(proxy.url).toBe(`http://127.0.0.1:${port}`);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.2', port)).toBe(false);
  });

  it('honours --max-body: a 200 MiB upload is refused with 413, never forwarded, recorded as too large, not held', async () => {
    const agent = new ProxyAgent({ uri: proxy.url, requestTls: { ca: caPem } });
    const before = arrivals;
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const rssBefore = process.memoryUsage().rss;
    try {
      const answer = await request('https://graph.facebook.com/v25.0/2000001/photos', {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(200 * chunk.length) },
        body: Readable.from(
          (function* () {
            for (let i = 0; i < 200; i++) yield chunk;
          })(),
        ),
      });
      expect(answer.statusCode).toBe(413);
      expect(await answer.body.text()).toContain('request larger than 1 MiB (209715200 bytes): not read');
    } finally {
      await agent.close();
    }
    // mockttp held the whole upload, and copies of it (300 MB took 3.45 GB); now it holds at most the limit.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(arrivals).toBe(before);
    const { exchanges } = await readCassette(join(dir, 'forward.yml'));
    expect(exchanges.at(-1)?.request.bodyTooLarge).toEqual({ size: 209715200, sha256: '', limit: MAX_BODY });
    expect(exchanges.at(-1)?.error?.code).toBe('REQUEST_TOO_LARGE');
  });
});
