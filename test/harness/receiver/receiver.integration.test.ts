import type { Agent } from 'undici';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCertificateAuthority } from '../../../harness/ca/index.js';
import {
  attemptToExchange,
  type Receiver,
  type ReceiverOptions,
  startReceiver,
  verificationToExchange,
} from '../../../harness/receiver/index.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { call, clientAgent } from '../../helpers/http-client.js';

const SECRET = 'app-secret';
const TOKEN = 'verify-me';
let ca: CertificateAuthority;
const open: Array<Receiver | Agent> = [];

beforeAll(async () => {
  ca = await createCertificateAuthority();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

async function receiverWith(
  options: Partial<ReceiverOptions> = {},
): Promise<{ receiver: Receiver; agent: Agent }> {
  const receiver = await startReceiver({ ca, verifyToken: TOKEN, appSecret: SECRET, ...options });
  const agent = clientAgent({ caPem: ca.certPem });
  open.push(receiver, agent);
  return { receiver, agent };
}

const verifyQuery = (token: string, challenge: string, mode = 'subscribe') =>
  `?hub.mode=${mode}&hub.challenge=${challenge}&hub.verify_token=${encodeURIComponent(token)}`;

const signed = (body: Buffer, secret = SECRET) => ({
  method: 'POST' as const,
  body,
  headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, secret) },
});

const notification = (id: string, value: unknown) =>
  Buffer.from(
    JSON.stringify({ object: 'page', entry: [{ id, time: 1, changes: [{ field: 'feed', value }] }] }),
  );

describe('receiver over HTTPS with a certificate from the run CA', () => {
  it('binds loopback and serves a certificate a client trusting only the CA accepts for 127.0.0.1', async () => {
    const { receiver, agent } = await receiverWith();
    expect(receiver.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(receiver.callbackUrl()).toBe(`${receiver.url}/webhook`);
    expect(receiver.caPem).toBe(ca.certPem);
    expect(await call(agent, receiver.callbackUrl() + verifyQuery(TOKEN, '1234'))).toEqual({
      status: 200,
      body: '1234',
    });
  });

  it('records the verification: mode, token, integer challenge and the answer', async () => {
    const { receiver, agent } = await receiverWith();
    await call(agent, receiver.callbackUrl('/cb') + verifyQuery(TOKEN, '987'));
    await call(agent, receiver.callbackUrl('/cb') + verifyQuery(TOKEN, 'abc'));
    const [integer, text] = receiver.verifications();
    expect(integer).toMatchObject({
      mode: 'subscribe',
      verifyToken: TOKEN,
      challenge: '987',
      tokenMatched: true,
    });
    expect(integer).toMatchObject({ challengeIsInteger: true, path: `/cb${verifyQuery(TOKEN, '987')}` });
    expect(integer?.answered).toEqual({ status: 200, body: '987' });
    expect(text?.challengeIsInteger).toBe(false);
  });

  it('refuses a wrong verify token or a mode other than subscribe with 403', async () => {
    const { receiver, agent } = await receiverWith();
    expect(await call(agent, receiver.callbackUrl() + verifyQuery('nope', '5'))).toMatchObject({
      status: 403,
    });
    expect(await call(agent, receiver.callbackUrl() + verifyQuery(TOKEN, '5', 'unsubscribe'))).toMatchObject({
      status: 403,
    });
    expect(receiver.verifications().map((v) => v.tokenMatched)).toEqual([false, true]);
  });

  it('can answer the challenge wrongly or not at all, for the rules a target must fail', async () => {
    const wrong = await receiverWith({ challengeMode: 'wrong' });
    const none = await receiverWith({ challengeMode: 'none' });
    const wrongAnswer = await call(wrong.agent, wrong.receiver.callbackUrl() + verifyQuery(TOKEN, '42'));
    expect(wrongAnswer).toMatchObject({ status: 200 });
    expect(wrongAnswer).not.toMatchObject({ body: '42' });
    expect(await call(none.agent, none.receiver.callbackUrl() + verifyQuery(TOKEN, '42'))).toEqual({
      status: 200,
      body: '',
    });
  });
});

describe('notification attempts', () => {
  it('keeps the raw bytes exactly, the headers, the answer and the signature verdict', async () => {
    const { receiver, agent } = await receiverWith();
    const raw = Buffer.from(
      '{"object":"page","entry":[{"id":"1","time":1,"changes":[{"field":"feed","value":"caf\\u00e9 \\/ é"}]}]}',
    );
    expect(await call(agent, receiver.callbackUrl(), signed(raw))).toEqual({
      status: 200,
      body: 'EVENT_RECEIVED',
    });
    await call(agent, receiver.callbackUrl(), signed(raw, 'wrong-secret'));
    await call(agent, receiver.callbackUrl(), { method: 'POST', body: raw });
    const [good, forged, unsigned] = receiver.attempts();
    expect(good?.rawBody.equals(raw)).toBe(true);
    expect(good?.headers['content-type']).toBe('application/json');
    expect(good?.answered).toEqual({ status: 200, body: 'EVENT_RECEIVED' });
    expect(good?.json).toEqual(JSON.parse(raw.toString()));
    expect([good?.signature, forged?.signature, unsigned?.signature]).toEqual(['ok', 'mismatch', 'missing']);
  });

  it('stamps arrivals with the target clock as last known, without asking the target, else the wall clock', async () => {
    let now: number | undefined = 1_900_000_000;
    const withClock = await receiverWith({ clock: () => now });
    await call(withClock.agent, withClock.receiver.callbackUrl(), signed(notification('1', 1)));
    now += 3600;
    await call(withClock.agent, withClock.receiver.callbackUrl(), signed(notification('1', 2)));
    now = undefined;
    await call(withClock.agent, withClock.receiver.callbackUrl(), signed(notification('1', 3)));
    const [first, second, unknown] = withClock.receiver.attempts();
    expect([first, second].map((a) => [a?.arrivedAt, a?.arrivalClock])).toEqual([
      [1_900_000_000, 'target'],
      [1_900_003_600, 'target'],
    ]);
    expect(unknown).toMatchObject({ arrivalClock: 'wall' });
    expect(Math.abs((unknown?.arrivedAt ?? 0) - Date.now() / 1000)).toBeLessThan(600);
  });

  it('fails the next k attempts with 500, then answers 200 again', async () => {
    const { receiver, agent } = await receiverWith();
    receiver.failNext(2, '500');
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(await call(agent, receiver.callbackUrl(), signed(notification('1', i))));
    expect(statuses.map((s) => ('status' in s ? s.status : s.error))).toEqual([500, 500, 200]);
    expect(receiver.attempts().map((a) => a.answered)).toMatchObject([
      { status: 500 },
      { status: 500 },
      { status: 200 },
    ]);
  });

  it('resets the connection when told to', async () => {
    const { receiver, agent } = await receiverWith();
    receiver.failNext(1, 'reset');
    const outcome = await call(agent, receiver.callbackUrl(), signed(notification('1', 1)));
    expect(outcome).toMatchObject({ error: expect.stringMatching(/ECONNRESET|UND_ERR_SOCKET/) });
    expect(receiver.attempts()[0]?.answered).toEqual({ outcome: 'reset' });
  });

  it('does not answer a hanging attempt until it is closed', async () => {
    const { receiver, agent } = await receiverWith();
    receiver.failNext(1, 'hang');
    const pending = call(agent, receiver.callbackUrl(), signed(notification('1', 1)));
    const seen = await receiver.waitForUpdates((s) => s.attempts.length === 1, { realTimeoutMs: 20_000 });
    expect(seen.satisfied).toBe(true);
    expect(seen.attempts[0]?.answered).toEqual({ outcome: 'hang' });
    await receiver.close();
    expect(await pending).toHaveProperty('error');
  });

  it('waitForUpdates sees deduplicated updates of acknowledged attempts only', async () => {
    const { receiver, agent } = await receiverWith();
    receiver.failNext(1, '500');
    const waiting = receiver.waitForUpdates((s) => s.delivered.length === 2, { realTimeoutMs: 20_000 });
    for (const body of [
      notification('1', 'a'),
      notification('1', 'a'),
      notification('1', 'a'),
      notification('2', 'b'),
    ]) {
      await call(agent, receiver.callbackUrl(), signed(body));
    }
    const result = await waiting;
    expect(result.satisfied).toBe(true);
    expect(result.delivered.map((u) => [u.id, u.value, u.attempt])).toEqual([
      ['1', 'a', 2],
      ['2', 'b', 4],
    ]);
  });

  it('waitForUpdates reports an unsatisfied wait instead of throwing', async () => {
    const { receiver } = await receiverWith();
    const result = await receiver.waitForUpdates((s) => s.delivered.length > 0, { realTimeoutMs: 10 });
    expect(result).toMatchObject({ satisfied: false, delivered: [], attempts: [] });
  });

  it('clear forgets attempts, verifications and pending failures', async () => {
    const { receiver, agent } = await receiverWith();
    receiver.failNext(3, '500');
    await call(agent, receiver.callbackUrl(), signed(notification('1', 1)));
    await call(agent, receiver.callbackUrl() + verifyQuery(TOKEN, '1'));
    receiver.clear();
    expect(receiver.attempts()).toEqual([]);
    expect(receiver.verifications()).toEqual([]);
    expect(await call(agent, receiver.callbackUrl(), signed(notification('1', 1)))).toMatchObject({
      status: 200,
    });
  });
});

describe('attempts as report evidence', () => {
  it('turns attempts and verifications into exchanges, keeping bytes that are not UTF-8 as base64', async () => {
    const { receiver, agent } = await receiverWith();
    const binary = Buffer.from([0xff, 0xfe, 0x00]);
    receiver.failNext(1, 'reset');
    await call(agent, receiver.callbackUrl(), signed(notification('1', 'x')));
    await call(agent, receiver.callbackUrl(), signed(binary));
    await call(agent, receiver.callbackUrl() + verifyQuery(TOKEN, '3'));
    const [reset, bytes] = receiver.attempts().map((a) => attemptToExchange(a, receiver.url));
    expect(reset).toMatchObject({ kind: 'webhook-notification', error: { code: 'RECEIVER_RESET' } });
    expect(reset?.request.url).toBe(receiver.callbackUrl());
    expect(bytes).toMatchObject({ signatureValid: true, response: { status: 200 } });
    expect(bytes?.request).toMatchObject({ bodyEncoding: 'base64', body: binary.toString('base64') });
    const [verification] = receiver.verifications().map((v) => verificationToExchange(v, receiver.url));
    expect(verification).toMatchObject({
      kind: 'webhook-verification',
      response: { status: 200, body: '3' },
    });
  });
});
