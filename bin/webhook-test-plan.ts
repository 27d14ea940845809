import { callbackPlanOf } from '../harness/run/plan-of.js';
import type { CallbackOptions } from '../harness/run/plan-options.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { inFlagWords, type SharedFlags, sharedOptionsOf } from './plan-from-flags.js';

/** `graphcheck webhook-test`: the shared flags, and the callback's own, which are strings already (`CallbackOptions`). */
export type WebhookTestFlags = Omit<SharedFlags, 'showSecrets'> & Pick<CallbackOptions, 'callback' | 'verifyToken' | 'appSecret' | 'ca' | 'clientCa' | 'clientCn'>;

/** The flags of `webhook-test` as a plan: refused (exit 2) when they cannot make a run, before anything is sent. */
export function webhookTestPlan(flags: WebhookTestFlags): RunPlan {
  const { callback, verifyToken, appSecret, ca, clientCa, clientCn } = flags;
  const options = { ...sharedOptionsOf(flags), callback, verifyToken, appSecret, ...(ca ? { ca } : {}), ...(clientCa ? { clientCa } : {}), ...(clientCn ? { clientCn } : {}) };
  return inFlagWords(() => callbackPlanOf(options));
}
