import type { IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:net';
import type { CompletedRequest, Mockttp } from 'mockttp';
import type { CertificateAuthority } from '../ca/certificate-authority.js';
import { DEFAULT_MAX_BODY, type OversizeBody } from '../http/body-limit.js';
import { bodyBytesOf } from '../http/answer.js';
import type { ProxyHandler } from './proxy-handler.js';

/** Hosts a hard-coded Graph client calls; their requests are sent on to `--target`. */
export const DEFAULT_SERVICE_HOSTS: readonly string[] = ['graph.facebook.com', 'graph.instagram.com'];

export interface ForwardProxyOptions {
  /** The recording proxy's handler: what the reverse proxy does with a request, this does too. */
  handler: Pick<ProxyHandler, 'handle'>;
  ca: CertificateAuthority;
  hosts?: readonly string[];
  /** 0 or absent: a free port. */
  port?: number;
  /** The most bytes of one request body held (default 16 MiB, `--max-body`); past it the request is refused with 413. */
  maxBodyBytes?: number;
}

export interface RunningForwardProxy {
  /** What clients put in `HTTPS_PROXY` / `HTTP_PROXY`. */
  url: string;
  close(): Promise<void>;
}

function headerObject(flat: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = flat[i] as string;
    const value = flat[i + 1] as string;
    const before = out[name];
    out[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return out;
}

/**
 * An HTTP(S) forward proxy for clients whose Graph host is hard-coded: mockttp terminates their TLS with
 * certificates from `ca`, and requests for the service hosts go through the recording proxy's handler (so to
 * `--target`). Other hosts are refused: the recorder never reaches outside hosts.
 */
export async function startForwardProxy(options: ForwardProxyOptions): Promise<RunningForwardProxy> {
  const hosts = new Set((options.hosts ?? DEFAULT_SERVICE_HOSTS).map((h) => h.toLowerCase()));
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  // Loaded here, not with the module: mockttp takes most of a second to load, and only this proxy uses it.
  const { getLocal } = await import('mockttp');
  const server: Mockttp = getLocal({
    // mockttp issues each host's certificate from this CA itself.
    https: { cert: options.ca.certPem, key: options.ca.keyPem },
    recordTraffic: false,
    suggestChanges: false,
    // Past it mockttp stops holding the body (a 300 MB upload took 3.45 GB) and hands over an empty one.
    maxBodySize: limit,
  });
  listenOnLoopback(server);
  await server.start(options.port || undefined);
  await server
    .forAnyRequest()
    .matching((req) => hosts.has(new URL(req.url).hostname.toLowerCase()))
    .thenCallback(async (req) => {
      const url = new URL(req.url);
      const tooLarge = droppedBody(req, limit);
      const request = {
        method: req.method,
        target: url.pathname + url.search,
        headers: req.headers as IncomingHttpHeaders,
        body: tooLarge ? Buffer.alloc(0) : req.body.buffer,
        ...(tooLarge ? { bodyTooLarge: tooLarge } : {}),
      };
      const answer = await options.handler.handle(request, url.origin);
      if (answer === 'drop') return 'close';
      // mockttp sends no Content-Length of its own: the answer's headers carry it.
      return {
        statusCode: answer.status,
        headers: headerObject(answer.headers),
        rawBody: await bodyBytesOf(answer.body),
      };
    });
  const refusal = JSON.stringify({
    graphcheck_forward_proxy: `only ${[...hosts].join(', ')} are served; other hosts are refused`,
  });
  await server.forUnmatchedRequest().thenReply(502, refusal, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(refusal)),
  });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.stop() };
}

/**
 * mockttp's `start` listens on every interface and takes no host (the proxy printed 127.0.0.1 while it answered on
 * every address). Its server is caught as mockttp assigns it, before it listens, and bound to loopback; a test
 * connects through 127.0.0.2 to see that it holds with the mockttp installed.
 */
function listenOnLoopback(mockttp: Mockttp): void {
  let inner: Server | undefined;
  Object.defineProperty(mockttp, 'server', {
    configurable: true,
    enumerable: true,
    get: () => inner,
    set: (server: Server) => {
      const listen = server.listen.bind(server);
      server.listen = ((port: number) => listen(port, '127.0.0.1')) as Server['listen'];
      inner = server;
    },
  });
}

/**
 * A body mockttp dropped for passing `limit`: announced longer than the limit, or sent chunked and handed over empty
 * (mockttp empties a body it stopped holding; an empty chunked upload is refused with it, a rare cost). Its bytes
 * were not read, so neither its hash nor, when chunked, its size is known.
 */
function droppedBody(req: CompletedRequest, limit: number): OversizeBody | undefined {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return { size: declared, sha256: '', limit };
  if (req.headers['transfer-encoding'] !== undefined && req.body.buffer.length === 0) return { size: 0, sha256: '', limit };
  return undefined;
}
