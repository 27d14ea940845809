import { createHash, createHmac } from 'node:crypto';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { startReceiver } from '../../../harness/receiver/index.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { exchange } from '../../helpers/exchange.js';
import { tempDir } from '../../helpers/temp-dir.js';

// A run against a target answering 50 MiB, measured as a process: test/bin/large-answers.cli.test.ts.
const dir = tempDir('graphcheck-large-');
afterAll(() => dir.cleanup());

describe('bodies past --max-body at the servers graphcheck runs', () => {
  it('replay matches a request body past the limit by its size and hash, recorded the same way', async () => {
    const big = Buffer.alloc(5000, 'y');
    const tooLarge = { size: big.length, sha256: createHash('sha256').update(big).digest('hex'), limit: 1024 };
    const file = dir.path('upload.yml');
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:4010' });
    const recorded = exchange('/v25.0/1/videos', '{"id":"v1"}');
    writer.append({ ...recorded, request: { ...recorded.request, method: 'POST', body: 'y'.repeat(4096), bodyOmitted: true, bodyTooLarge: tooLarge } });
    writer.close();
    const replay = await startReplayServer({ cassette: file, maxBodyBytes: 1024, log: () => {} });
    try {
      const same = await request(`${replay.url}/v25.0/1/videos`, { method: 'POST', body: big });
      expect(await same.body.text()).toBe('{"id":"v1"}');
      const other = await request(`${replay.url}/v25.0/1/videos`, { method: 'POST', body: Buffer.alloc(5000, 'z') });
      expect(other.statusCode).toBe(599);
      await other.body.text();
    } finally {
      await replay.close();
    }
  });

  it('the receiver answers 413 to a notification past the limit, keeping its first bytes, and still judges its signature', async () => {
    const receiver = await startReceiver({ tlsMode: 'plain-http', verifyToken: 't', appSecret: 's', maxBodyBytes: 1024 });
    try {
      const payload = Buffer.from(JSON.stringify({ object: 'page', entry: [], pad: 'p'.repeat(4000) }));
      const signature = `sha256=${createHmac('sha256', 's').update(payload).digest('hex')}`;
      const answer = await request(receiver.callbackUrl(), { method: 'POST', body: payload, headers: { 'x-hub-signature-256': signature } });
      expect(answer.statusCode).toBe(413);
      await answer.body.text();
      const [attempt] = receiver.attempts();
      expect(attempt?.signature).toBe('ok');
      expect(attempt?.bodyTooLarge).toMatchObject({ size: payload.length, limit: 1024 });
      expect(attempt?.rawBody.length).toBeLessThanOrEqual(4096);
    } finally {
      await receiver.close();
    }
  });
});
