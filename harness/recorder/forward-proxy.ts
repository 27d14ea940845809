import type { IncomingHttpHeaders } from 'node:http';
import type { Mockttp } from 'mockttp';
import type { CertificateAuthority } from '../ca/certificate-authority.js';
import type { RecordingSession } from './recording-session.js';

/** Hosts a hard-coded Graph client calls; their requests are sent on to `--target`. */
export const DEFAULT_SERVICE_HOSTS: readonly string[] = ['graph.facebook.com', 'graph.instagram.com'];

export interface ForwardProxyOptions {
  session: RecordingSession;
  ca: CertificateAuthority;
  hosts?: readonly string[];
  /** 0 or absent: a free port. */
  port?: number;
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
 * certificates from `ca`, and requests for the service hosts go through the recording session (so to
 * `--target`). Other hosts are refused: the recorder never reaches outside hosts.
 */
export async function startForwardProxy(options: ForwardProxyOptions): Promise<RunningForwardProxy> {
  const hosts = new Set((options.hosts ?? DEFAULT_SERVICE_HOSTS).map((h) => h.toLowerCase()));
  // Loaded here, not with the module: mockttp takes most of a second to load, and only this proxy uses it.
  const { getLocal } = await import('mockttp');
  const server: Mockttp = getLocal({
    // mockttp issues each host's certificate from this CA itself.
    https: { cert: options.ca.certPem, key: options.ca.keyPem },
    recordTraffic: false,
    suggestChanges: false,
  });
  await server.start(options.port || undefined);
  await server
    .forAnyRequest()
    .matching((req) => hosts.has(new URL(req.url).hostname.toLowerCase()))
    .thenCallback(async (req) => {
      const url = new URL(req.url);
      const request = {
        method: req.method,
        target: url.pathname + url.search,
        headers: req.headers as IncomingHttpHeaders,
        body: req.body.buffer,
      };
      const answer = await options.session.handle(request, url.origin);
      if (answer === 'drop') return 'close';
      // mockttp sends no Content-Length of its own: the answer's headers carry it.
      return {
        statusCode: answer.status,
        headers: headerObject(answer.headers),
        rawBody: answer.body,
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
