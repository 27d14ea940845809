import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { FRONT_SERVER, type Upstream, upstreamUrl } from '../helpers/reference-behind.js';
import { runWebhookSuites } from '../helpers/run-webhook-suites.js';

/**
 * A front that serves one request at a time, as a single-threaded server does: a request that comes while another
 * is in flight waits for it. Its target (the reference) makes callbacks inside its own handlers (the verification
 * GET during POST /subscriptions, deliveries during POST /clock), so anything the receiver asked of the target
 * meanwhile would wait on the callback that is waiting on it.
 */
async function oneAtATime(upstream: Upstream): Promise<{ url: string; close(): Promise<void> }> {
  let queue = Promise.resolve();
  const server = createServer(FRONT_SERVER, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      queue = queue.then(async () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection'));
        const answer = await request(upstreamUrl(upstream) + (req.url ?? '/'), {
          method: req.method as 'GET',
          headers: headers as Record<string, string>,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await answer.body.arrayBuffer());
        res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}

describe('a target that serves one request at a time and calls back from inside its handlers', () => {
  it('passes the subscription and delivery rules: the receiver never waits on the target to answer a callback', async () => {
    const result = await runWebhookSuites({
      rules: [
        'subscriptions.post-verifies-callback',
        'webhooks.every-update-delivered',
        'webhooks.retry-immediately',
        'webhooks.notification-envelope',
      ],
      seed: 3,
      front: oneAtATime,
    });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.results).toHaveLength(4);
  });
});
