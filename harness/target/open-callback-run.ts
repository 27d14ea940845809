import type { CallbackUnderTest } from '../callback-client/callback-client.js';
import type { RunContext } from '../engine/run-context.js';

export interface CallbackRunOptions {
  callback: CallbackUnderTest;
  seed: number;
  replayCommand(ruleId: string): string;
  targetSource: string;
}

/**
 * The run context of `graphcheck webhook-test`: the same engine runs the callback rules, with the app's callback
 * as the one side and no target: a rule whose steps play against a target is skipped for it. Nothing here
 * listens or connects until a step does.
 */
export function openCallbackRun(options: CallbackRunOptions): { ctx: RunContext; close(): Promise<void> } {
  const { callback } = options;
  const ctx: RunContext = {
    seed: options.seed,
    // Each rule's generated values (challenges, ids) are drawn once: more runs would judge the same thing again.
    runs: 1,
    replayCommand: options.replayCommand,
    targetSource: options.targetSource,
    callback,
  };
  return { ctx, close: () => callback.close() };
}
