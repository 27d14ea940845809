import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './temp-dir.js';

/** Secrets the tiny target knows; tests plant them and look for them in cassettes. */
export const SECRETS = {
  pageToken: 'EAAPageToken0123456789abcdef',
  appToken: '1000001|app-secret-s3cr3t/x+y',
  appSecret: 'app-secret-s3cr3t/x+y',
  clientSecret: 'client-secret-Zq9!',
  code: 'AQD-code-77f1e2',
  issuedToken: 'EAAIssued/Tok+en==',
  cookie: 'sid-cookie-value-42',
};

export interface TinyTarget {
  url: string;
  /** Requests received, in arrival order: `METHOD path?query`. */
  seen: string[];
  /** Resolves when a request to `/hang` has arrived (it is never answered). */
  hanging(): Promise<void>;
  close(): Promise<void>;
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string | string[]> = {},
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': bytes.length,
    ...headers,
  });
  res.end(bytes);
}

function feed(base: string, url: URL, res: ServerResponse): void {
  const limit = Number(url.searchParams.get('limit') ?? '2');
  const after = Number(url.searchParams.get('after') ?? '0');
  const token = url.searchParams.get('access_token') ?? '';
  const data = Array.from({ length: limit }, (_, i) => ({
    id: `2000001_${after + i}`,
    message: `post ${after + i} é`,
  }));
  const next = `${base}${url.pathname}?access_token=${encodeURIComponent(token)}&limit=${limit}&after=${after + limit}`;
  // The Graph API escapes slashes in JSON: byte-identity must survive that form.
  const body = JSON.stringify({
    data,
    paging: { cursors: { after: String(after + limit) }, next },
  }).replaceAll('/', '\\/');
  send(res, 200, body);
}

type Handler = (ctx: {
  base: string;
  url: URL;
  path: string;
  req: IncomingMessage;
  body: Buffer;
  res: ServerResponse;
  state: State;
}) => void;

function tokenExchange({ url, body, res, state }: Parameters<Handler>[0]): void {
  const params = new URLSearchParams(body.length ? body.toString() : url.search);
  const code = params.get('code') ?? '';
  if (state.usedCodes.has(code)) {
    send(res, 400, '{"error":{"message":"code used","type":"OAuthException","code":100}}');
    return;
  }
  state.usedCodes.add(code);
  send(
    res,
    200,
    JSON.stringify({
      access_token: SECRETS.issuedToken,
      token_type: 'bearer',
      expires_in: 3600,
    }),
  );
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'content-length': 0 });
  res.end();
}

function echo({ base, path, req, body, res }: Parameters<Handler>[0]): void {
  const digest = createHash('sha256').update(body).digest('hex');
  send(
    res,
    200,
    JSON.stringify({
      id: path.slice(6),
      method: req.method,
      length: body.length,
      digest,
      self: `${base}${path}`,
    }),
  );
}

/** A debug endpoint: the token the request carried, in the body, a link and a header. */
function whoami({ base, url, res }: Parameters<Handler>[0]): void {
  const token = url.searchParams.get('access_token') ?? '';
  const next = `${base}${url.pathname}?access_token=${encodeURIComponent(token)}&after=1`;
  send(res, 200, JSON.stringify({ token, next }), { 'x-token-seen': token });
}

function binary({ path, res }: Parameters<Handler>[0]): void {
  const bytes = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + path.length) % 256));
  send(res, 200, bytes, { 'content-type': 'application/octet-stream' });
}

const EXACT: Record<string, Handler> = {
  '/oauth/access_token': tokenExchange,
  '/oauth/authorize': ({ res }) => redirect(res, `https://app.example/callback?code=${SECRETS.code}#_`),
  '/redirect-self': ({ base, res }) => redirect(res, `${base}/echo/after-redirect`),
  '/cookie': ({ res }) =>
    send(res, 200, '{"ok":true}', {
      'set-cookie': [`sid=${SECRETS.cookie}; Path=/; HttpOnly`],
    }),
  '/leak': ({ res }) => send(res, 200, JSON.stringify({ note: `secret is ${SECRETS.appSecret}` })),
  '/hang': ({ state }) => state.onHang(),
  '/whoami': whoami,
};

function route(base: string, req: IncomingMessage, body: Buffer, res: ServerResponse, state: State): void {
  const url = new URL(req.url ?? '/', base);
  const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
  const ctx = { base, url, path, req, body, res, state };
  const handler =
    EXACT[path] ??
    (path.endsWith('/feed') && req.method === 'GET' ? () => feed(base, url, res) : undefined) ??
    (path.startsWith('/echo/') ? echo : undefined) ??
    (path.startsWith('/binary/') ? binary : undefined);
  if (handler) handler(ctx);
  else send(res, 404, '{"error":{"message":"no route","type":"GraphMethodException","code":100}}');
}

interface State {
  usedCodes: Set<string>;
  onHang: () => void;
}

/** A tiny stand-in for a Graph target, on a free loopback port. */
export async function startTinyTarget(): Promise<TinyTarget> {
  let hangArrived: () => void = () => {};
  const hang = new Promise<void>((resolve) => {
    hangArrived = resolve;
  });
  const seen: string[] = [];
  const state: State = { usedCodes: new Set(), onHang: () => hangArrived() };
  let base = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      route(base, req, Buffer.concat(chunks), res, state);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    seen,
    hanging: () => hang,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A tiny target started before a test file's tests, stopped after them with the file's temp directory. */
export function useTinyTarget(): { readonly target: TinyTarget; dir: ReturnType<typeof tempDir> } {
  const dir = tempDir();
  let target: TinyTarget | undefined;
  beforeAll(async () => {
    target = await startTinyTarget();
  });
  afterAll(async () => {
    await target?.close();
    dir.cleanup();
  });
  return {
    dir,
    get target(): TinyTarget {
      if (!target) throw new Error('the tiny target starts in beforeAll: use it inside a test');
      return target;
    },
  };
}
