import { createServer, type Server } from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const TOKEN = 'EAAIssuedInsideGzip7781xq';

describe('the recorder, given a compressed answer that carries a token', () => {
  let upstream: Server;
  let target: string;
  let dir: string;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const body = gzipSync(JSON.stringify({ access_token: TOKEN, token_type: 'bearer' }));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    dir = tempFolder('graphcheck-gzip-record-');
  });
  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('passes it on as it came, and keeps it decoded and redacted: the cassette holds no token', async () => {
    const cassette = join(dir, 'gzip.cassette.yml');
    const recorder = await startRecordingProxy({ target, cassette, mode: 'all' });
    try {
      const answer = await request(`${recorder.url}/v25.0/oauth/access_token?code=c0de-planted-1234`);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(Buffer.from(await answer.body.arrayBuffer())).toString())).toMatchObject({ access_token: TOKEN });
    } finally {
      await recorder.close();
    }
    const text = await readFile(cassette, 'utf8');
    expect(text).not.toContain(TOKEN);
    // The body as the cassette's JSON document writes it: decoded text, redacted.
    expect(text).toContain(String.raw`"body":"{\"access_token\":\"redacted-access_token-1\",\"token_type\":\"bearer\"}"`);
    expect(text).not.toMatch(/content-encoding/i);
  });
});
