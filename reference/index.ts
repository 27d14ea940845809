import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultSet } from './faults.js';
import { buildProfile, toProfileDocument } from './profile.js';
import type { RuntimeOptions } from './runtime.js';
import { createReferenceListeners } from './server.js';
import { DEFAULT_MAX_SESSIONS } from './sessions/session-registry.js';
import type { FixtureSet } from './types.js';
import { generateMtlsIdentity, type MtlsIdentity } from './webhook-seam.js';

export { FAULTS } from './faults.js';
export { DEFAULT_MAX_SESSIONS } from './sessions/session-registry.js';

export interface ReferenceOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Fault switch names from `FAULTS`; an unknown name rejects the start. */
  faults?: string[];
  /**
   * Mutual TLS on webhook callbacks: the common name of the client certificate the reference presents (with its
   * intermediate), named in the profile as `webhooks.client_cert_cn`. Default `DEFAULT_MTLS_CN`; false: none.
   */
  mtls?: { cn: string } | false;
  /** `empty`: the Page starts with no posts, photos, comments or templates (default `full`). */
  fixtures?: FixtureSet;
  /**
   * The address clients reach it at, when that is not where it listens (behind a proxy that delays traffic, say):
   * its profile (`base_url`, `auth_url`, `imgnet_base_url`, `control_url`) and every link it hands over
   * (`paging.next`, `permalink_url`, pictures) name this origin. An origin only: a path would not reach its routes.
   * Default: where it listens. `serve-reference --public-url`.
   */
  publicUrl?: string;
  /**
   * Serve the files a CDN would (a post's `full_picture`, a published photo's image) from an origin of their own:
   * a second port on `host` (`port`, default 0: a free one), named `publicUrl` when clients reach it elsewhere. The
   * API then no longer serves them. Correct behaviour (contract §4a: such a file may be on any origin), not a fault.
   * `serve-reference --media-port`.
   */
  mediaOrigin?: { port?: number; publicUrl?: string };
  /**
   * Every Nth photos read of a Page answers 80001 and every Nth call to an account's templates 80008 ("wait and
   * retry"): a client that waits and retries gets the same answers as without it. Default: never limited.
   */
  rateLimitEvery?: number;
  /**
   * Sessions live at once (contract §2.1; default `DEFAULT_MAX_SESSIONS`): at the limit `POST /sessions` answers 429.
   * 0: the target does not serve `sessions` at all.
   */
  maxSessions?: number;
}

/** The client certificate's common name when `mtls` is not given. */
export const DEFAULT_MTLS_CN = 'webhooks.reference.graphcheck.test';

export interface RunningReference {
  /** Where clients reach it: its `publicUrl` when given, else where it listens. */
  url: string;
  /** Where it listens (the same as `url` unless it was given a `publicUrl`). */
  listeningOn: { host: string; port: number };
  /** With `mediaOrigin`: where its files are (`url`) and where that server listens. */
  media?: { url: string; listeningOn: { host: string; port: number } };
  controlUrl: string;
  /** Exactly what `GET {controlUrl}/profile` answers at start. */
  profile: Record<string, unknown>;
  /** Stops listening and drops open connections; resolves when the port is free. */
  close(): Promise<void>;
}

/** Starts the embedded reference target: the whole interface and target contract, in process. */
export async function startReference(options: ReferenceOptions = {}): Promise<RunningReference> {
  const faults = createFaultSet(options.faults ?? []);
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  if (!Number.isInteger(maxSessions) || maxSessions < 0) {
    throw new RangeError(`maxSessions must be a whole number of 0 or more, got ${maxSessions}`);
  }
  const host = options.host ?? '127.0.0.1';
  const server = await listen(host, options.port ?? 0);
  const mediaServer = options.mediaOrigin ? await listen(host, options.mediaOrigin.port ?? 0).catch(closing(server)) : undefined;
  const url = options.publicUrl?.replace(/\/+$/, '') ?? origin(host, server);
  const mediaUrl = mediaServer && (options.mediaOrigin?.publicUrl?.replace(/\/+$/, '') ?? origin(host, mediaServer));
  const runtime = {
    ...(await runtimeOptions(options.mtls === undefined ? { cn: DEFAULT_MTLS_CN } : options.mtls)),
    ...(options.fixtures ? { fixtures: options.fixtures } : {}),
    ...(options.rateLimitEvery ? { rateLimitEvery: options.rateLimitEvery } : {}),
    ...(mediaUrl ? { mediaUrl } : {}),
  };
  const listeners = createReferenceListeners(url, faults, undefined, { ...runtime, maxSessions });
  server.on('request', listeners.api);
  mediaServer?.on('request', listeners.media);
  const servers = mediaServer ? [server, mediaServer] : [server];
  return {
    url,
    listeningOn: { host, port: portOf(server) },
    ...(mediaServer && mediaUrl ? { media: { url: mediaUrl, listeningOn: { host, port: portOf(mediaServer) } } } : {}),
    controlUrl: `${url}/_control`,
    profile: toProfileDocument(buildProfile(url, runtime.mtls?.cn, faults), true, maxSessions > 0),
    close: () => Promise.all(servers.map(close)).then(() => undefined),
  };
}

async function listen(host: string, port: number): Promise<Server> {
  // Idle sockets stay open for a minute: with Node's 5 s default, a client whose event loop was busy for seconds
  // (building a 10 MB upload on a loaded machine, say) sends its next request on a socket this server is just
  // closing, and the request dies with a connection reset that no rule could judge.
  const server = createServer({ keepAliveTimeout: 60_000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** A second server that cannot listen leaves nothing of the first running. */
function closing(server: Server): (error: unknown) => Promise<never> {
  return async (error) => {
    await close(server);
    throw error;
  };
}

function close(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

const portOf = (server: Server): number => (server.address() as AddressInfo).port;

function origin(host: string, server: Server): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${portOf(server)}`;
}

/** The identity holds no state: one per name per process, however many references start in it. */
const identities = new Map<string, Promise<MtlsIdentity>>();

async function runtimeOptions(mtls: { cn: string } | false): Promise<RuntimeOptions> {
  if (!mtls) return {};
  const identity = identities.get(mtls.cn) ?? generateMtlsIdentity(mtls.cn);
  identities.set(mtls.cn, identity);
  // One that failed is made again by the next reference, not handed out failed.
  identity.catch(() => identities.get(mtls.cn) === identity && identities.delete(mtls.cn));
  const { certPem, keyPem, chainPem } = await identity;
  return { mtls: { cn: mtls.cn, clientCert: { certPem, keyPem, chainPem } } };
}
