import { UserInputError } from '../harness/errors.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { listFlag } from './flags.js';
import { type SharedFlags, sharedPlan } from './plan-from-flags.js';

/** `graphcheck webhook-test`: graphcheck plays the service against the user's own callback endpoint. */
export interface WebhookTestFlags extends Omit<SharedFlags, 'showSecrets'> {
  /** The app's callback endpoint, e.g. `https://127.0.0.1:3000/webhook`. */
  callback: string;
  /** The verify token the endpoint expects. */
  verifyToken: string;
  /** The secret the endpoint checks `X-Hub-Signature-256` with. */
  appSecret: string;
  /** A PEM CA file trusted for an https callback besides the system store. */
  ca?: string;
  /** mTLS: the `graphcheck ca` folder the callback trusts for client certificates. */
  clientCa?: string;
  /** mTLS: the common name the callback expects of the client certificate. */
  clientCn?: string;
  rule?: string[];
}

/** The flags of `webhook-test` as a plan: refused here (exit 2) when they cannot make a run, before anything is sent. */
export function webhookTestPlan(flags: WebhookTestFlags): RunPlan {
  if (!isHttpUrl(flags.callback)) {
    throw new UserInputError('USAGE', `--callback ${flags.callback}: not an http(s) URL; e.g. https://127.0.0.1:3000/webhook`);
  }
  if (!flags.verifyToken) throw new UserInputError('USAGE', '--verify-token is empty; pass the token your endpoint expects');
  if (!flags.appSecret) throw new UserInputError('USAGE', '--app-secret is empty; pass the secret your endpoint verifies with');
  if (flags.clientCa && !flags.clientCn) {
    throw new UserInputError('USAGE', '--client-ca needs --client-cn: the common name your endpoint expects of the client certificate');
  }
  if (flags.clientCn && !flags.clientCa) {
    throw new UserInputError('USAGE', '--client-cn needs --client-ca: the CA folder (graphcheck ca) your endpoint trusts for client certificates');
  }
  const { callback: url, verifyToken, appSecret, ca, clientCa, clientCn } = flags;
  const target = { kind: 'callback' as const, url, verifyToken, appSecret, ...(ca ? { ca } : {}), ...(clientCa ? { clientCa, clientCn } : {}) };
  return sharedPlan(target, { rules: listFlag(flags.rule), side: 'callback' }, flags);
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
