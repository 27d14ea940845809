/** Option parsing and signal handling shared by the record, replay and cassette commands. */
import { UserInputError } from '../errors.js';
import type { MatchMode } from '../replay/match-index.js';

/** Parses `--port`: 0 (a free port) to 65535. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UserInputError(
      'USAGE',
      `--port ${value}: not a port number; use 0-65535 (0 picks a free port)`,
    );
  }
  return port;
}

export function parseMatchMode(value: string): MatchMode {
  if (value === 'strict' || value === 'last') return value;
  throw new UserInputError('USAGE', `--match ${value}: unknown match mode; use strict or last`);
}

/** Resolves on the first SIGINT or SIGTERM, so a long-running server can close cleanly. */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** What `--no-redact` means, printed whenever it is used. */
export function noRedactNotice(file: string): string {
  return (
    `redaction is off: access tokens, client secrets, authorization codes, verify tokens, Authorization and ` +
    `cookie headers and the app secret go into ${file} exactly as sent; keep that file private`
  );
}
