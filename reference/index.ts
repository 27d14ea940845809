import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultSet } from './faults.js';
import { buildProfile, toProfileDocument } from './profile.js';
import { createReferenceListener } from './server.js';

export { FAULTS } from './faults.js';

export interface ReferenceOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Fault switch names from `FAULTS`; an unknown name rejects the start. */
  faults?: string[];
}

export interface RunningReference {
  url: string;
  controlUrl: string;
  /** Exactly what `GET {controlUrl}/profile` answers at start. */
  profile: Record<string, unknown>;
  /** Stops listening and drops open connections; resolves when the port is free. */
  close(): Promise<void>;
}

/** Starts the embedded reference target: the whole interface and target contract, in process. */
export async function startReference(options: ReferenceOptions = {}): Promise<RunningReference> {
  const faults = createFaultSet(options.faults ?? []);
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  server.on('request', createReferenceListener(url, faults));
  return {
    url,
    controlUrl: `${url}/_control`,
    profile: toProfileDocument(buildProfile(url), true),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
