import { UserInputError } from '../errors.js';
import { shellWord } from '../shell-word.js';
import type { Suite } from '../suite/suite.js';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface WebhookTestOptions {
  /** The app's callback endpoint. http:// is judged (callback-https fails it), so the other rules still run. */
  callback: string;
  verifyToken: string;
  appSecret: string;
  /** Per request: connect, headers and body. */
  timeoutMs?: number;
  /** PEM of a CA trusted for the callback besides the system store (the user's own CA). */
  caPem?: string;
  /** Where `caPem` came from; only used in the replay command line. */
  caFile?: string;
  /** mTLS: the CA (certificate and key, a `graphcheck ca` folder) the receiver trusts for client certificates. */
  clientCa?: { certPem: string; keyPem: string };
  /** Where `clientCa` came from; only used in the replay command line. */
  clientCaDir?: string;
  /** mTLS: the common name the receiver expects of the client certificate. */
  clientCn?: string;
  seed?: number;
  /** Run only these rule ids (or globs). */
  rules?: string[];
  /** The suites folder (default: the shipped one); its `side: callback` rules are what runs. */
  suitesDir?: string;
  /** The suites of `suitesDir`, already loaded (a library caller or a test running several times loads them once). */
  suites?: Suite[];
}

/** Refuses options that cannot make a run (exit 2), before anything is sent. */
export function assertOptions(options: WebhookTestOptions): URL {
  let url: URL | undefined;
  try {
    url = new URL(options.callback);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UserInputError('USAGE', `--callback ${options.callback}: not an http(s) URL; e.g. https://127.0.0.1:3000/webhook`);
  }
  if (!options.verifyToken) throw new UserInputError('USAGE', '--verify-token is empty; pass the token your endpoint expects');
  if (!options.appSecret) throw new UserInputError('USAGE', '--app-secret is empty; pass the secret your endpoint verifies with');
  if (options.clientCa && !options.clientCn) {
    throw new UserInputError('USAGE', '--client-ca needs --client-cn: the common name your endpoint expects of the client certificate');
  }
  if (options.clientCn && !options.clientCa) {
    throw new UserInputError('USAGE', '--client-cn needs --client-ca: the CA folder (graphcheck ca) your endpoint trusts for client certificates');
  }
  return url;
}

/** The command line that replays one rule; secrets stay in environment variables. */
export function replayLine(options: WebhookTestOptions, seed: number, timeoutMs: number, rule: string): string {
  const parts = [
    'graphcheck webhook-test',
    `--callback ${shellWord(options.callback)}`,
    '--verify-token "$VERIFY_TOKEN" --app-secret "$APP_SECRET"',
    ...(options.caFile ? [`--ca ${shellWord(options.caFile)}`] : []),
    ...(options.clientCaDir ? [`--client-ca ${shellWord(options.clientCaDir)} --client-cn ${shellWord(options.clientCn ?? '')}`] : []),
    ...(timeoutMs !== DEFAULT_TIMEOUT_MS ? [`--timeout ${timeoutMs}`] : []),
    `--seed ${seed}`,
    `--rule ${rule}`,
  ];
  return parts.join(' ');
}
