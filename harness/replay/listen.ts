import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserInputError } from '../errors.js';

/** Listens and resolves with the server's base URL (`http://127.0.0.1:PORT`). */
export function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      // A port the user chose that is taken or forbidden is their input to fix, not a crash.
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL') {
        reject(new UserInputError('USAGE', `--port ${port} on ${host}: cannot listen (${error.code}): choose another port, or 0`));
      } else reject(error);
    });
    server.listen(port, host, () => {
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
