import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RunningReference, startReference } from '../../../reference/index.js';
import { greyPng } from '../../../reference/endpoints/feed/full-picture.js';

/** A loopback port with nothing listening: one helper for the reference's tests (`webhooks-receiver.ts`). */
export { closedPort } from './webhooks-receiver.js';

/** A started reference plus the profile values tests use most. */
export interface Ref extends RunningReference {
  tokens: Record<string, string>;
  pageId: string;
  appId: string;
  appSecret: string;
  appToken: string;
}

export async function start(faults: string[] = []): Promise<Ref> {
  const ref = await startReference({ faults });
  const profile = ref.profile as {
    tokens: Record<string, string>;
    fixtures: Record<string, string>;
    app: { id: string; secret: string; access_token: string };
  };
  return {
    ...ref,
    tokens: profile.tokens,
    pageId: profile.fixtures['page_id'] ?? '',
    appId: profile.app.id,
    appSecret: profile.app.secret,
    appToken: profile.app.access_token,
  };
}

/**
 * The reference of a whole test file: started before its tests, reset to its fixtures before each, closed after
 * them all. Call it at the top of the file; its members are there once its beforeAll has run.
 */
export function useReference(): Ref {
  const ref = {} as Ref;
  beforeAll(async () => {
    Object.assign(ref, await start());
  });
  afterAll(() => ref.close?.());
  beforeEach(async () => {
    await control(ref, 'POST', '/reset');
  });
  return ref;
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers by path
  body: any;
  text: string;
}

export interface CallOptions {
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One request against the reference; `path` may carry a version prefix and a query string. */
export async function call(ref: { url: string }, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(path, ref.url);
  // GET cannot carry a body: its form goes into the query.
  const query = method === 'GET' ? { ...options.query, ...options.form } : options.query;
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.form && method !== 'GET') {
    const pairs = Object.entries(options.form).map(([k, v]): [string, string] => [k, String(v)]);
    body = new URLSearchParams(pairs).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  return toAnswer(await fetch(url, { method, headers, body, redirect: 'manual' }));
}

export async function toAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML and empty answers stay text.
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** A control-protocol call (`/_control/...`). */
export function control(ref: Ref, method: string, path: string, json?: unknown): Promise<Answer> {
  return call({ url: ref.controlUrl.replace(/\/_control$/, '') }, method, `/_control${path}`, { json });
}

export function errorCode(answer: Answer): number | undefined {
  return answer.body?.error?.code;
}

/** A plain HTTP server on 127.0.0.1: `/ok` answers 200, anything else 404. Used as the content host. */
/** A 1440 x 960 PNG, above the 720 px cap of a post's `full_picture`. */
const LARGE_PNG = greyPng({ width: 1440, height: 960 });

export async function startContentHost(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/large.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(LARGE_PNG);
      return;
    }
    res.writeHead(req.url?.startsWith('/ok') ? 200 : 404, { 'content-type': 'text/html' });
    res.end('<html><body>content</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
