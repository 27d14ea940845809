import { UserInputError } from '../errors.js';
import { WEBHOOK_CHECKS, type WebhookCheck } from './checks.js';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface WebhookTestOptions {
  /** The user's callback endpoint (http:// is allowed: it is their own server under test). */
  callback: string;
  verifyToken: string;
  appSecret: string;
  /** Per request: connect, headers and body. */
  timeoutMs?: number;
  /** PEM of a CA (or self-signed certificate) trusted for the callback besides the system store. */
  caPem?: string;
  /** Where `caPem` came from; only used in the replay command line. */
  caFile?: string;
  seed?: number;
  /** Run only these rule ids. */
  rules?: string[];
}

/** Validates the options and picks the rules to run (all unless `rules` names some). */
export function selectChecks(options: WebhookTestOptions): WebhookCheck[] {
  let url: URL | undefined;
  try {
    url = new URL(options.callback);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UserInputError(
      'USAGE',
      `--callback ${options.callback}: not an http(s) URL; e.g. https://127.0.0.1:3000/webhook`,
    );
  }
  if (!options.verifyToken)
    throw new UserInputError('USAGE', '--verify-token is empty; pass the token your endpoint expects');
  if (!options.appSecret)
    throw new UserInputError('USAGE', '--app-secret is empty; pass the secret your endpoint verifies with');
  if (!options.rules || options.rules.length === 0) return WEBHOOK_CHECKS;
  const unknown = options.rules.filter((id) => !WEBHOOK_CHECKS.some((c) => c.id === id));
  if (unknown.length > 0) {
    const known = WEBHOOK_CHECKS.map((c) => c.id).join(', ');
    throw new UserInputError('USAGE', `--rule ${unknown.join(', ')}: unknown; known rules: ${known}`);
  }
  return WEBHOOK_CHECKS.filter((c) => options.rules?.includes(c.id));
}

/** The command line that replays one rule; secrets stay in environment variables. */
export function replayLine(
  options: WebhookTestOptions,
  seed: number,
  timeoutMs: number,
  rule: string,
): string {
  const parts = [
    'graphcheck webhook-test',
    `--callback '${options.callback}'`,
    '--verify-token "$VERIFY_TOKEN" --app-secret "$APP_SECRET"',
    ...(options.caFile ? [`--ca '${options.caFile}'`] : []),
    ...(timeoutMs !== DEFAULT_TIMEOUT_MS ? [`--timeout ${timeoutMs}`] : []),
    `--seed ${seed}`,
    `--rule ${rule}`,
  ];
  return parts.join(' ');
}
