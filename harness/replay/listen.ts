import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens and resolves with the server's base URL (`http://127.0.0.1:PORT`). */
export function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve(`http://${shown}:${address.port}`);
    });
  });
}

/** Stops accepting, drops idle and active keep-alive connections, and resolves once closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
