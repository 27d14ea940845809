import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultSet } from './faults.js';
import { buildProfile, toProfileDocument } from './profile.js';
import type { RuntimeOptions } from './runtime.js';
import { createReferenceListener } from './server.js';
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
   * its profile and the links it hands over (`paging.next`, photo URLs) name this origin. Default: where it listens.
   */
  publicUrl?: string;
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
  // Idle sockets stay open for a minute: with Node's 5 s default, a client whose event loop was busy for seconds
  // (building a 10 MB upload on a loaded machine, say) sends its next request on a socket this server is just
  // closing, and the request dies with a connection reset that no rule could judge.
  const server = createServer({ keepAliveTimeout: 60_000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = options.publicUrl?.replace(/\/+$/, '') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const runtime = {
    ...runtimeOptions(options.mtls === undefined ? { cn: DEFAULT_MTLS_CN } : options.mtls),
    ...(options.fixtures ? { fixtures: options.fixtures } : {}),
    ...(options.rateLimitEvery ? { rateLimitEvery: options.rateLimitEvery } : {}),
  };
  server.on('request', createReferenceListener(url, faults, undefined, { ...runtime, maxSessions }));
  return {
    url,
    listeningOn: { host, port },
    controlUrl: `${url}/_control`,
    profile: toProfileDocument(buildProfile(url, runtime.mtls?.cn, faults), true, maxSessions > 0),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Key generation is most of a reference's start-up, and the identity holds no state: one per name per process. */
const identities = new Map<string, MtlsIdentity>();

function runtimeOptions(mtls: { cn: string } | false): RuntimeOptions {
  if (!mtls) return {};
  const identity = identities.get(mtls.cn) ?? generateMtlsIdentity(mtls.cn);
  identities.set(mtls.cn, identity);
  const { certPem, keyPem, chainPem } = identity;
  return { mtls: { cn: mtls.cn, clientCert: { certPem, keyPem, chainPem } } };
}
