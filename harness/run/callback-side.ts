import { openCallback } from '../callback-client/open-callback.js';
import { revealingVariants } from '../callback-client/verify-token-variants.js';
import { openCallbackRun } from '../target/open-callback-run.js';
import { runSuites } from '../engine/run-suites.js';
import type { OpenedSide } from './side.js';
import { replayCommand, targetSource } from './replay-command.js';
import type { CallbackPlan, RunPlan } from './run-plan.js';

/**
 * `graphcheck webhook-test`: graphcheck plays the service against the app's own callback, the suites' `side:
 * callback` rules run by the one engine. The callback is reached once first: nobody answering, or a certificate
 * whose issuer is unknown here, is a run that cannot judge (CannotJudgeError).
 */
export async function openCallbackSide(plan: RunPlan, target: CallbackPlan): Promise<OpenedSide> {
  const callback = await openCallback(target, plan.timeoutMs);
  const run = openCallbackRun({ callback, seed: plan.seed, replayCommand: (id) => replayCommand(plan, id), targetSource: targetSource(target) });
  return {
    plan,
    // The near misses of the verify token are kept out as the token itself (the callback client already keeps them
    // out of request URLs), and the app secret should a callback echo it.
    secrets: { appSecret: target.appSecret, values: revealingVariants(target.verifyToken) },
    heading: `graphcheck webhook-test: ${target.url} (seed ${plan.seed})\n`,
    judge: async (suites, output) => {
      try {
        return await runSuites(suites, plan.selection, run.ctx, output.events.hooks);
      } finally {
        output.stop();
      }
    },
    close: () => run.close(),
  };
}
