import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { ROOT } from '../paths.js';
import { control, type Ref, start } from './reference-client.js';
import { api, ctl, deleteSession, openSession, type SessionRef } from './sessions-client.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'test/helpers/reference/fixtures', name), 'utf8');

/** A request the receiver got. */
export interface Hit {
  method: string;
  path: string;
  body: string;
}

/** Answers a held POST with the status given. */
export type Answerer = (status: number) => void;

/** What a session, or the target itself, is addressed by in these tests. */
export type World = Pick<SessionRef, 'url' | 'controlUrl' | 'appId' | 'appToken' | 'pageId' | 'tokens'>;

export interface SessionsTestBed {
  ref: Ref;
  /** Every request the receiver got since the test began. */
  hits: Hit[];
  postsTo(route: string): Hit[];
  /** Settles when `/hold` holds its third POST (the first retry on the clock), with what answers it. */
  heldPost(): Promise<Answerer>;
  /** A session of `ref`, deleted after the test unless the test drops it. */
  session(): Promise<SessionRef>;
  /** Deletes a session as the test's own step. */
  drop(s: SessionRef): ReturnType<typeof deleteSession>;
  clockOf(at: { controlUrl: string }): Promise<number>;
  /** Trusts the receiver's CA, subscribes the app's `page` feed to `route` (verified), installs the app on the Page. */
  subscribe(at: World, route: string): Promise<void>;
  /** One feed change, its first attempts settled (they have before a zero advance answers: contract §2 `clock`). */
  sendEvent(at: Pick<World, 'controlUrl' | 'pageId'>, n: number): Promise<void>;
  receiverUrl(): string;
}

/**
 * A reference and an HTTPS callback receiver (a certificate for 127.0.0.1 from the fixture CA) for a whole test file:
 * the reference is reset and the receiver's log emptied before each test, the test's sessions deleted after it. The
 * receiver echoes challenges; POSTs to `/fail...` and `/hold` answer 500, and `/hold` holds its third POST.
 */
export function useSessionsTestBed(): SessionsTestBed {
  const ref = {} as Ref;
  let receiver: Server;
  let receiverUrl = '';
  const hits: Hit[] = [];
  const opened: string[] = [];
  let held = deferred<Answerer>();
  const postsTo = (route: string) => hits.filter((h) => h.method === 'POST' && h.path === route);

  beforeAll(async () => {
    Object.assign(ref, await start());
    receiver = createServer({ cert: fixture('receiver-cert.pem'), key: fixture('receiver-key.pem') }, (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'https://127.0.0.1');
        hits.push({ method: req.method ?? '', path: url.pathname, body });
        if (req.method === 'GET') return void res.writeHead(200).end(url.searchParams.get('hub.challenge') ?? '');
        if (url.pathname === '/hold' && postsTo('/hold').length === 3) {
          return held.resolve((status) => void res.writeHead(status).end());
        }
        res.writeHead(url.pathname.startsWith('/fail') || url.pathname === '/hold' ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ref.close?.();
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
  });
  beforeEach(async () => {
    await control(ref, 'POST', '/reset');
    hits.length = 0;
    held = deferred();
  });
  afterEach(async () => {
    for (const id of opened.splice(0)) await deleteSession(ref, id);
  });

  return {
    ref,
    hits,
    postsTo,
    heldPost: () => held.promise,
    async session() {
      const s = await openSession(ref);
      opened.push(s.id);
      return s;
    },
    drop(s) {
      opened.splice(opened.indexOf(s.id), 1);
      return deleteSession(ref, s.id);
    },
    clockOf: async (at) => (await ctl(at, 'GET', '/clock')).body.now,
    async subscribe(at, route) {
      expect((await ctl(at, 'POST', '/trust', { ca_pem: fixture('receiver-ca.pem') })).status).toBe(200);
      const subscribed = await api(at, 'POST', `/v25.0/${at.appId}/subscriptions`, {
        form: { access_token: at.appToken, object: 'page', callback_url: `${receiverUrl}${route}`, verify_token: 'vt', fields: 'feed', include_values: 'true' },
      });
      expect(subscribed.body).toEqual({ success: true });
      const installed = await api(at, 'POST', `/v25.0/${at.pageId}/subscribed_apps`, {
        form: { access_token: at.tokens['page'] ?? '', subscribed_fields: 'feed' },
      });
      expect(installed.body).toEqual({ success: true });
    },
    async sendEvent(at, n) {
      const event = { object: 'page', id: at.pageId, field: 'feed', value: { item: 'status', verb: 'add', n } };
      expect((await ctl(at, 'POST', '/events', event)).body).toEqual({ accepted: 1 });
      await ctl(at, 'POST', '/clock', { advance_seconds: 0 });
    },
    receiverUrl: () => receiverUrl,
  };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
