import type { Server } from 'node:http';
import { Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { UserInputError } from '../errors.js';

/**
 * Listens on `host:port` (0: a free port) and resolves with the server's base URL (`http://127.0.0.1:PORT`, or
 * `https://` for a TLS server). A failure is handed to `describe` first: by default a one-line usage error naming
 * `--port` or `--host` (see `listenError`); a server whose address the user did not choose passes its own.
 */
export function listen(
  server: Server,
  host: string,
  port: number,
  describe: (error: unknown) => unknown = (error) => listenError(error, host, port),
): Promise<string> {
  const scheme = server instanceof TlsServer ? 'https' : 'http';
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(describe(error)));
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve(`${scheme}://${shown}:${address.port}`);
    });
  });
}

/**
 * A `listen` failure the user can fix with `--port` or `--host` (taken or forbidden port, an address this
 * machine does not have, a name that does not resolve) as a one-line usage error; anything else unchanged.
 * For every command that binds a server, including those whose server listens on its own.
 */
export function listenError(error: unknown, host: string, port: number, portFlag = '--port'): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return new UserInputError('USAGE', `${portFlag} ${port} on ${host}: cannot listen (${code}): choose another port, or 0`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAFNOSUPPORT') {
    return new UserInputError(
      'USAGE',
      `--host ${host}: no such address on this machine (${code}): give a local address such as 127.0.0.1`,
    );
  }
  return error;
}

/** Stops accepting, drops idle and active keep-alive connections, and resolves once closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
