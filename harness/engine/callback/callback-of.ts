import { CannotJudgeError } from '../../errors.js';
import type { RunContext } from '../run-context.js';
import type { CallbackUnderTest } from './callback-client.js';

/** The app's callback a step plays the service against; only `graphcheck webhook-test` has one. */
export function callbackOf(ctx: RunContext, kind: string): CallbackUnderTest {
  if (!ctx.callback) {
    throw new CannotJudgeError('SETUP_FAILED', `${kind}: plays the service against an app's callback; run it with graphcheck webhook-test`);
  }
  return ctx.callback;
}
