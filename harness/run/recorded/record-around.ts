import { type ReachedTarget, throughProxy } from '../../target/open-target.js';
import { TapingArrivals } from '../../webhooks/webhook-tape.js';
import { profileSecrets } from '../../profile/profile.js';
import { startRecorder } from '../../recorder/recorder.js';
import type { RunPlan } from '../run-plan.js';
import { runDocument } from './run-document.js';
import type { TargetLayer } from './target-layer.js';

/**
 * `run --record FILE`: the run talks to the target through a recording proxy, whose sink is the cassette's one
 * writer for the exchanges, for what reaches the run's receivers, for where each rule starts and, at the end, for
 * the run document (redacted there). The receivers listen as in any live run; the tape notes what the run
 * handed the target, for the repeat.
 */
export async function recordAround(plan: RunPlan, file: string, target: ReachedTarget): Promise<TargetLayer> {
  const { profile } = target;
  const recorder = await startRecorder({
    target: new URL(profile.base_url).origin,
    cassette: file,
    mode: 'all',
    timeoutMs: plan.timeoutMs,
    appSecret: profile.app.secret,
    secrets: profileSecrets(profile),
  });
  const sink = recorder.sink!;
  const proxied = throughProxy(target, recorder.url);
  const taping = new TapingArrivals();
  return {
    plan,
    profile,
    run: { ...proxied, arrivals: taping, sink },
    ruleStarted: (ruleId) => {
      sink.ruleStarted(ruleId);
      taping.ruleStarted(ruleId);
    },
    finish: (ctx, ranIds) => {
      const { host, unissuedToken } = ctx.target;
      sink.appendRunDocument(runDocument(plan, { ranIds, profile, host, unissuedToken, webhooks: taping.tape, ruleStarts: sink.ruleStarts }));
      return recorder.handler.close();
    },
    close: async () => {
      await recorder.close();
      await target.close();
    },
  };
}
