import { type AddressInfo, createServer } from 'node:net';

/**
 * A port on `host` that nothing listens on: bound by the system, then released. Another process could take
 * it later, which on loopback during one run is unlikely enough for "the target cannot reach this URL".
 */
export function closedPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
