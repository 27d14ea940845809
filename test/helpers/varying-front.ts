import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { FRONT_SERVER, type Upstream, upstreamUrl } from './reference-behind.js';

/** What a front makes of an answer of the target, knowing the request (control requests included). */
export type Transform = (answer: Answer, request: FrontedRequest) => Answer;

/** A request as a front passed it on: its method, path and query, and its body (empty for none). */
export interface FrontedRequest {
  method: string;
  path: string;
  body: Buffer;
}

/**
 * A front for a target that changes its answers only in ways the spec leaves open, so a correct target stays
 * correct: error answers get another non-2xx status (statuses are not shown, NS-21), successes another JSON
 * Content-Type (a silent point), every JSON object its keys in reverse order and an extra member (nothing
 * forbids one), and paging links lose their access token (contract §3.4). The control protocol and non-JSON answers
 * pass unchanged (the contract fixes those). Put the reference behind it with `referenceBehind`, so its links lead
 * back here.
 */
export function startVaryingFront(upstream: Upstream) {
  return startFront(upstream, (answer, { path }) => (isControl(path) ? answer : vary(answer)));
}

export function isControl(path: string): boolean {
  return path.startsWith('/_control');
}

/**
 * A front on loopback that passes everything to `upstream` and answers what `transform` makes of the answer. It
 * rewrites no address: the reference behind it names the front itself (`referenceBehind`, its public URL).
 */
export async function startFront(
  upstream: Upstream,
  transform: Transform,
): Promise<{ url: string; varied: { successes: number; errors: number }; close(): Promise<void> }> {
  const varied = { successes: 0, errors: 0 };
  const server: Server = createServer(FRONT_SERVER, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      forward(upstreamUrl(upstream), req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks))
        .then((got) => {
          const answer = transform(got, { method: req.method ?? 'GET', path: req.url ?? '/', body: Buffer.concat(chunks) });
          if (answer.body !== got.body) varied[got.status < 300 ? 'successes' : 'errors']++;
          // A binary answer (a picture) the transform left alone goes out byte for byte: its text reading is lossy.
          const passBytes = answer.body === got.body && got.raw !== undefined && !isText(got.headers['content-type']);
          const out = passBytes ? (got.raw as Buffer) : Buffer.from(answer.body);
          // The target's Date header passes through; a transform that drops it gets none of the front's own.
          res.sendDate = false;
          res.writeHead(answer.status, { ...answer.headers, 'content-length': String(out.length) });
          res.end(out);
        })
        .catch((error: Error) => res.writeHead(502).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, varied, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The bytes as received, for answers that are not text (a picture); `body` is their lossy UTF-8 reading. */
  raw?: Buffer;
}

/** Whether a Content-Type names text the front may read and rewrite (JSON, JavaScript, text/*, or none given). */
function isText(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === '' || type.startsWith('text/') || type.endsWith('json') || type.endsWith('javascript');
}

/** Sends a request on to `target` and reads the whole answer. */
export async function forward(target: string, method: string, path: string, headers: NodeJS.Dict<string | string[]>, body: Buffer): Promise<Answer> {
  const sent = Object.fromEntries(Object.entries(headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)));
  const answer = await request(target + path, {
    method: method as 'GET',
    headers: sent as Record<string, string>,
    ...(body.length > 0 ? { body } : {}),
  });
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name) && value !== undefined) {
      kept[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  const raw = Buffer.from(await answer.body.arrayBuffer());
  return { status: answer.statusCode, headers: kept, body: raw.toString('utf8'), raw };
}

function vary({ status, headers, body }: Answer): Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status, headers, body };
  }
  const ok = status >= 200 && status < 300;
  return {
    status: ok ? status : status === 500 ? 400 : 500,
    headers: { ...headers, 'content-type': ok ? 'text/javascript; charset=UTF-8' : headers['content-type'] ?? 'application/json' },
    body: JSON.stringify(reshaped(parsed)),
  };
}

/** Keys in reverse order and one member no rule knows, at every depth; paging links without the token. */
function reshaped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reshaped);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .reverse()
    .map(([k, v]) => [k, (k === 'next' || k === 'previous') && typeof v === 'string' ? withoutToken(v) : reshaped(v)] as const);
  return Object.fromEntries([['x_graphcheck_extra', 1], ...entries]);
}

/** Contract §3.4: the access token may be carried in `paging.next`, or supplied again by the suite. */
function withoutToken(link: string): string {
  const url = new URL(link);
  url.searchParams.delete('access_token');
  return url.toString();
}
