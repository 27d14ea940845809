/** Option parsing and signal handling shared by the record, replay and cassette commands. */
import { UserInputError } from '../errors.js';
import type { MatchMode } from '../replay/match-index.js';
import type { SecretMatching } from '../replay/normalize-request.js';

/** VCR's record modes. */
export type RecordMode = 'once' | 'new_episodes' | 'none' | 'all';
export const RECORD_MODES: readonly RecordMode[] = ['once', 'new_episodes', 'none', 'all'];

export function parseRecordMode(value: string): RecordMode {
  if ((RECORD_MODES as readonly string[]).includes(value)) return value as RecordMode;
  throw new UserInputError('USAGE', `--mode ${value}: unknown record mode; use one of ${RECORD_MODES.join(', ')}`);
}

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

export function parseSecretMatching(value: string): SecretMatching {
  if (value === 'hash' || value === 'any') return value;
  throw new UserInputError('USAGE', `--secrets ${value}: unknown; use hash (the recorded secrets) or any (dummy ones)`);
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3 };

/** Parses `--max-body`: bytes, or a number with a unit (`16MiB`, `512k`; binary units). */
export function parseByteSize(value: string, flag = '--max-body'): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = UNITS[(m?.[2] ?? '').toLowerCase()];
  const bytes = m && unit !== undefined ? Math.floor(Number(m[1]) * unit) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new UserInputError('USAGE', `${flag} ${value}: not a size; give bytes or a size such as 16MiB or 512KiB`);
  }
  return bytes;
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
