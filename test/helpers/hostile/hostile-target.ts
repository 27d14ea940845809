import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { referenceBehind } from '../reference-behind.js';
import { type Answer, isControl, startFront } from '../varying-front.js';

/**
 * What a hostile target does to the reference's answers, one mode at a time or several together:
 * - `next-elsewhere`: every `paging.next` leads to the elsewhere server (same path and query, a token included);
 * - `next-other-scheme`: every `paging.next` leads to `https://` on the elsewhere server's port;
 * - `profile-elsewhere`: the served profile puts `auth_url`, `imgnet_base_url` and `control_url` on the elsewhere server;
 * - `receiver-any`: the served profile sets `webhooks.receiver_host: 0.0.0.0`;
 * - `picture-elsewhere`: every `full_picture` leads to the elsewhere server;
 * - `echo-token`: every error answer's message repeats the access token the request carried in its URL.
 */
export type HostileMode = 'next-elsewhere' | 'next-other-scheme' | 'profile-elsewhere' | 'receiver-any' | 'picture-elsewhere' | 'echo-token';

/** A server a run must never reach: it counts every connection (TLS attempts included) and keeps each request. */
export interface Elsewhere {
  url: string;
  /**
   * Connections opened to it (whatever was sent on them) plus requests received: a client that kept a connection
   * alive from an earlier, allowed request sends on it without opening another.
   */
  arrivals(): number;
  /** `METHOD URL` of each HTTP request, with its authorization header if any. */
  requests(): string[];
  close(): Promise<void>;
}

export async function startElsewhere(): Promise<Elsewhere> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let arrivals = 0;
  const server: Server = createServer((req, res) => {
    arrivals++;
    requests.push(`${req.method} ${req.url}${req.headers.authorization ? ` authorization=${req.headers.authorization}` : ''}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  server.on('connection', (socket) => {
    arrivals++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals: () => arrivals,
    requests: () => [...requests],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface HostileTarget {
  /** The front's base URL: its served profile (`/_control/profile`) names this address, except where a mode says. */
  url: string;
  /** The reference's own profile, which names the front: what a user's `--profile` file would say. */
  profile: Record<string, unknown>;
  close(): Promise<void>;
}

/** A hostile target on loopback: the reference behind a front that rewrites its answers as `modes` say. */
export async function startHostileTarget(modes: HostileMode[], elsewhere: string): Promise<HostileTarget> {
  const on = new Set(modes);
  const { reference, front, close } = await referenceBehind((upstream) => startFront(upstream, (answer, request) => hostile(answer, request.path, on, elsewhere)));
  return { url: front.url, profile: reference.profile, close };
}

function hostile(answer: Answer, path: string, on: Set<HostileMode>, elsewhere: string): Answer {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return answer;
  }
  const changed = isControl(path) ? servedProfile(body, path, on, elsewhere) : rewriteLinks(body, on, elsewhere);
  const echoed = on.has('echo-token') && answer.status >= 400 ? echoToken(changed, path) : changed;
  return { ...answer, body: JSON.stringify(echoed) };
}

function servedProfile(body: unknown, path: string, on: Set<HostileMode>, elsewhere: string): unknown {
  if (!path.startsWith('/_control/profile') || !isObject(body)) return body;
  const profile = { ...body };
  if (on.has('profile-elsewhere')) {
    Object.assign(profile, { auth_url: elsewhere, imgnet_base_url: elsewhere, control_url: `${elsewhere}/_control` });
  }
  if (on.has('receiver-any')) profile.webhooks = { ...(isObject(profile.webhooks) ? profile.webhooks : {}), receiver_host: '0.0.0.0' };
  return profile;
}

/** `paging.next` and `full_picture` moved to the elsewhere server (or to https on its port), at any depth. */
function rewriteLinks(value: unknown, on: Set<HostileMode>, elsewhere: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteLinks(v, on, elsewhere));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const link = typeof v === 'string' && /^https?:\/\//.test(v);
    if (link && key === 'next' && on.has('next-elsewhere')) out[key] = moved(v, elsewhere);
    else if (link && key === 'next' && on.has('next-other-scheme')) out[key] = moved(v, elsewhere.replace(/^http:/, 'https:'));
    else if (link && key === 'full_picture' && on.has('picture-elsewhere')) out[key] = moved(v, elsewhere);
    else out[key] = rewriteLinks(v, on, elsewhere);
  }
  return out;
}

function moved(link: string, origin: string): string {
  const url = new URL(link);
  return `${origin}${url.pathname}${url.search}`;
}

function echoToken(body: unknown, path: string): unknown {
  const token = new URL(path, 'http://front').searchParams.get('access_token');
  if (!token || !isObject(body) || !isObject(body.error)) return body;
  const error = body.error;
  return { ...body, error: { ...error, message: `${String(error.message)} (you sent access_token=${token})` } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
