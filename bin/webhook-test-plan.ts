import { callbackPlanOf } from '../harness/run/plan-of.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { inFlagWords, type SharedFlags, sharedOptionsOf } from './plan-from-flags.js';

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
}

/** The flags of `webhook-test` as a plan: refused (exit 2) when they cannot make a run, before anything is sent. */
export function webhookTestPlan(flags: WebhookTestFlags): RunPlan {
  const { callback, verifyToken, appSecret, ca, clientCa, clientCn } = flags;
  const options = { ...sharedOptionsOf(flags), callback, verifyToken, appSecret, ...(ca ? { ca } : {}), ...(clientCa ? { clientCa } : {}), ...(clientCn ? { clientCn } : {}) };
  return inFlagWords(() => callbackPlanOf(options));
}
