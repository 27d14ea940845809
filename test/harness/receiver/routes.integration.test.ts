import type { Agent } from 'undici';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCertificateAuthority } from '../../../harness/ca/index.js';
import { type Receiver, startReceiver } from '../../../harness/receiver/index.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { call, clientAgent } from '../../helpers/http-client.js';

let ca: CertificateAuthority;
const open: Array<Receiver | Agent> = [];

beforeAll(async () => {
  ca = await createCertificateAuthority();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

const body = Buffer.from(JSON.stringify({ object: 'page', entry: [{ id: '1', time: 1, changes: [{ field: 'feed', value: {} }] }] }));
const signedWith = (secret: string) => ({
  method: 'POST' as const,
  body,
  headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, secret) },
});

async function statusOf(agent: Agent, url: string, secret: string): Promise<number | string> {
  const outcome = await call(agent, url, signedWith(secret));
  return 'status' in outcome ? outcome.status : outcome.error;
}

describe("a receiver's routes (a session's deliveries, contract §2.1)", () => {
  it('keeps what reaches a route apart, with its own app secret, failures and clock; a closed route answers 410 and keeps nothing', async () => {
    const receiver = await startReceiver({ ca, verifyToken: 'run-token', appSecret: 'run-secret', clock: () => 100 });
    const agent = clientAgent({ caPem: ca.certPem });
    open.push(receiver, agent);
    const route = receiver.route!('s1', { verifyToken: 'run-token', appSecret: 'session-secret', clock: () => 5000 });
    expect(route.callbackUrl()).toBe(`${receiver.url}/route/s1/webhook`);
    route.failNext(1, '500');
    expect(await statusOf(agent, route.callbackUrl(), 'session-secret')).toBe(500);
    expect(await statusOf(agent, route.callbackUrl(), 'session-secret')).toBe(200);
    expect(await statusOf(agent, receiver.callbackUrl(), 'run-secret')).toBe(200);
    expect(route.attempts().map((a) => [a.signature, a.arrivedAt, a.path])).toEqual([
      ['ok', 5000, '/route/s1/webhook'],
      ['ok', 5000, '/route/s1/webhook'],
    ]);
    expect(receiver.attempts().map((a) => [a.signature, a.arrivedAt])).toEqual([['ok', 100]]);
    const challenge = await call(agent, `${route.callbackUrl()}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=run-token`);
    expect(challenge).toEqual({ status: 200, body: '42' });
    expect(route.verifications()).toHaveLength(1);
    await route.close();
    expect(await statusOf(agent, route.callbackUrl(), 'session-secret')).toBe(410);
    expect(route.attempts()).toHaveLength(2);
    expect(receiver.attempts()).toHaveLength(1);
  });
});
