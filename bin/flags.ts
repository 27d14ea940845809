import { withoutUserinfo } from '../harness/http/without-userinfo.js';
import { UserInputError } from '../harness/errors.js';
import { hideUserinfo } from '../harness/redaction/url-userinfo.js';
import type { RecordMode } from '../harness/recorder/record-mode.js';
import type { MatchMode } from '../harness/replay/match-index.js';
import type { SecretMatching } from '../harness/replay/normalize-request.js';

/** Parses a whole-number flag, or throws a one-line usage error naming the flag. */
export function wholeNumberFlag(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UserInputError('USAGE', `${flag} ${value}: expected a whole number from ${min} to ${max}`);
  }
  return n;
}

/** `--fault a,b --fault c` -> [a, b, c]. */
export function listFlag(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/**
 * Parses `--target` (as a commander option parser): a base URL the one HTTP client can reach, so http or https.
 * Any other scheme is the user's to fix, before a request is tried. Userinfo (`user:pass@`) is dropped here: the
 * client never sends it, and nothing after this point can print it.
 */
export function targetUrlFlag(value: string): string {
  if (!isHttpUrl(value)) {
    throw new UserInputError('USAGE', `--target ${hideUserinfo(value)}: not an http(s) URL; give the target's base URL, e.g. http://127.0.0.1:8080`);
  }
  return withoutUserinfo(value);
}

/** `--allow-origin URL`: the URL's origin (`scheme://host:port`), where the run may send requests and tokens too. */
export function allowOriginFlag(value: string): string {
  if (!isHttpUrl(value)) {
    throw new UserInputError('USAGE', `--allow-origin ${hideUserinfo(value)}: not an http(s) URL; give an origin such as https://cdn.example:8443`);
  }
  return new URL(value).origin;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** VCR's record modes, as `--mode` takes them (the recorder's RecordMode; this list loads nothing of it). */
const RECORD_MODES = ['once', 'new_episodes', 'none', 'all'] as const satisfies readonly RecordMode[];

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

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration flag: a number with its unit (`1500ms`, `90s`, `5m`, `1h`), or `0`; at most a day. A bare
 * number other than 0 is refused rather than guessed (seconds? milliseconds, as --timeout takes?).
 */
export function durationFlag(flag: string, value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  const unit = m?.[2] ?? (Number(m?.[1]) === 0 ? 'ms' : undefined);
  const ms = m && unit ? Math.round(Number(m[1]) * DURATION_UNITS[unit]!) : NaN;
  if (!Number.isSafeInteger(ms) || ms > 24 * 3_600_000) {
    throw new UserInputError('USAGE', `${flag} ${value}: not a duration; give one such as 90s, 5m or 1h (at most 24h; 0 never waits)`);
  }
  return ms;
}

/** `5 min`, `90 s`, `1.5 s`: a duration for help and messages. */
export function durationWords(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** What `--no-redact` means, printed whenever it is used. */
export function noRedactNotice(file: string): string {
  return (
    `redaction is off: access tokens, client secrets, authorization codes, verify tokens, Authorization and ` +
    `cookie headers and the app secret go into ${file} exactly as sent; keep that file private`
  );
}
